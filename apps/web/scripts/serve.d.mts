import type { Server } from 'node:http';

export const MIME_TYPES: Record<string, string>;
export function configScript(apiUrl: string): string;
export function acceptedEncodings(header: string | undefined): Set<string>;
export function contentSecurityPolicy(apiUrl: string, scriptHashes?: string[]): string;
export function inlineScriptHashes(html: string): string[];
export function apiUrlFromEnv(env?: Record<string, string | undefined>): string;

export interface WebServer {
  server: Server;
  port: number;
  url: string;
  setApiUrl(next: string | (() => string)): void;
  close(): Promise<void>;
}

export function startWebServer(options?: {
  port?: number;
  host?: string;
  distDir?: string;
  apiUrl?: string | (() => string);
}): Promise<WebServer>;

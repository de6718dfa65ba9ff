import type { FetchArgs } from '@reduxjs/toolkit/query';

/**
 * The console's copy of recent JSON answers and their validators, so a repeated GET (the 10 s polls of the
 * dashboard and the checklists list) asks "anything new?" with If-None-Match and the API answers 304 without
 * running its queries (apps/api/src/lib/conditional-get.ts). The API sends `Cache-Control: no-store` on signed-in
 * answers, so the browser's own cache does not do this; this small map does, in memory only, for this tab.
 */
const MAX_ENTRIES = 64;

interface Kept {
  etag: string;
  data: unknown;
}

export class RevalidationCache {
  private readonly kept = new Map<string, Kept>();

  /** The key of a GET: who asks and what exactly; null for anything not cacheable (non-GET, custom bodies). */
  keyOf(args: string | FetchArgs, token: string | null): string | null {
    const request = typeof args === 'string' ? { url: args } : args;
    if ((request.method ?? 'GET').toUpperCase() !== 'GET' || request.responseHandler) return null;
    return JSON.stringify([token ?? '', request.url, request.params ?? null]);
  }

  etagFor(key: string): string | undefined {
    return this.kept.get(key)?.etag;
  }

  /** The kept answer, marked as just used (least recently used entries go first). */
  take(key: string): unknown {
    const hit = this.kept.get(key);
    if (!hit) return undefined;
    this.kept.delete(key);
    this.kept.set(key, hit);
    return hit.data;
  }

  keep(key: string, etag: string | null, data: unknown): void {
    this.kept.delete(key);
    if (!etag) return;
    this.kept.set(key, { etag, data });
    while (this.kept.size > MAX_ENTRIES) {
      const oldest = this.kept.keys().next().value;
      if (oldest === undefined) break;
      this.kept.delete(oldest);
    }
  }

  get size(): number {
    return this.kept.size;
  }
}

/** Adds If-None-Match to a GET's arguments. */
export function withValidator(args: string | FetchArgs, etag: string): FetchArgs {
  const request = typeof args === 'string' ? { url: args } : args;
  const headers = new Headers(request.headers as HeadersInit | undefined);
  headers.set('If-None-Match', etag);
  return { ...request, headers };
}

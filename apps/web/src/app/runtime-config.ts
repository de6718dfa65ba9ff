/** Settings the server injects at run time through /config.js (see scripts/serve.mjs). */
export interface RuntimeConfig {
  apiUrl?: string;
}

declare global {
  interface Window {
    __JAROG__?: RuntimeConfig;
  }
}

export const DEFAULT_API_URL = 'http://localhost:8080';

/**
 * The API base URL, first non-empty of: the runtime config, the build-time VITE_API_URL, the default.
 * Trailing slashes are dropped so paths can be appended with a leading slash.
 */
export function resolveApiUrl(runtime: RuntimeConfig | undefined, buildTime: string | undefined): string {
  const chosen = [runtime?.apiUrl, buildTime].find((v) => typeof v === 'string' && v.trim() !== '');
  return (chosen ?? DEFAULT_API_URL).trim().replace(/\/+$/, '');
}

export const apiUrl = resolveApiUrl(
  typeof window === 'undefined' ? undefined : window.__JAROG__,
  import.meta.env.VITE_API_URL,
);

/**
 * Where a stored image lives. The API may answer with an absolute URL, a data URL or a path on itself;
 * no image gives the fallback.
 */
export function resolveAssetUrl(
  path: string | null | undefined,
  fallback: string,
  base: string = apiUrl,
): string {
  if (!path) return fallback;
  if (/^(https?:|data:|blob:)/i.test(path)) return path;
  return `${base}${path.startsWith('/') ? '' : '/'}${path}`;
}

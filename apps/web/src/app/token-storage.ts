/** The bearer token lives in localStorage under this key (spec section 6: "a bearer token from local storage"). */
export const TOKEN_KEY = 'token';

// Storage can throw (privacy modes, disabled storage); the console then simply starts signed out.
export function readToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

export function writeToken(token: string | null): void {
  try {
    if (token) globalThis.localStorage?.setItem(TOKEN_KEY, token);
    else globalThis.localStorage?.removeItem(TOKEN_KEY);
  } catch {
    // Nothing to do: the in-memory session still works for this tab.
  }
}

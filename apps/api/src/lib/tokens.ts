import { createHash, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';

/** How long a sign-in token (and the app's session cookie carrying it) lasts. */
export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
const ClaimsSchema = z.object({
  sub: z.string(),
  tv: z.number().int(),
  typ: z.literal('access'),
  /** The app session this token belongs to (tokens of the birders' app); absent on console tokens. */
  sid: z.string().optional(),
});
export type TokenClaims = z.infer<typeof ClaimsSchema>;

const VerificationClaimsSchema = z.object({
  name: z.string(),
  email: z.string(),
  typ: z.literal('signup'),
});
export type VerificationClaims = Omit<z.infer<typeof VerificationClaimsSchema>, 'typ'>;

export interface TokenSigner {
  sign(userId: string, tokenVersion: number, sessionId?: string): string;
  /** Returns the claims of a valid token, or undefined for anything else. */
  verify(token: string): TokenClaims | undefined;
  /** A short-lived proof of which name and email a sign-up is verifying (the verification cookie). */
  signVerification(claims: VerificationClaims, ttlSeconds: number): string;
  verifyVerification(token: string): VerificationClaims | undefined;
}

export function createTokenSigner(secretText: string): TokenSigner {
  // A key object made once: given the text, jsonwebtoken tries it as a public key on every call first
  // (createPublicKey threw and was caught), a sixth of the API's time on a cheap console read.
  const secret = createSecretKey(Buffer.from(secretText, 'utf8'));
  /** The token's claims as `schema` reads them, and its expiry (s), when it is valid. */
  const decode = <T>(token: string, schema: z.ZodType<T>): { claims: T; exp?: number } | undefined => {
    try {
      const payload: unknown = jwt.verify(token, secret, { algorithms: ['HS256'] });
      const parsed = schema.safeParse(payload);
      const exp = (payload as { exp?: unknown }).exp;
      return parsed.success
        ? { claims: parsed.data, exp: typeof exp === 'number' ? exp : undefined }
        : undefined;
    } catch {
      return undefined;
    }
  };
  /**
   * Sign-in tokens already verified, with their expiry (s). Every console request carries one and repeats it:
   * checking its HMAC signature and claims each time was ~6% of the API's CPU on a cheap read (a CPU profile of
   * the counts). A token's claims never change; whether they still admit anyone is the account's business
   * (authenticate() reads it every time). Bounded; failures are not kept.
   */
  const verified = new LRUCache<string, { claims: TokenClaims; exp: number }>({ max: 10_000 });
  const verifyAccess = (token: string): TokenClaims | undefined => {
    const now = Math.floor(Date.now() / 1000);
    const hit = verified.get(token);
    // jsonwebtoken's own test: a token is expired from its `exp` second on.
    if (hit) return now < hit.exp ? hit.claims : undefined;
    const valid = decode(token, ClaimsSchema);
    if (valid?.exp !== undefined) verified.set(token, { claims: valid.claims, exp: valid.exp });
    return valid?.claims;
  };
  return {
    sign: (userId, tokenVersion, sessionId) =>
      jwt.sign({ tv: tokenVersion, typ: 'access', ...(sessionId ? { sid: sessionId } : {}) }, secret, {
        subject: userId,
        expiresIn: TOKEN_TTL_SECONDS,
        algorithm: 'HS256',
      }),
    verify: verifyAccess,
    signVerification: ({ name, email }, ttlSeconds) =>
      jwt.sign({ name, email, typ: 'signup' }, secret, { expiresIn: ttlSeconds, algorithm: 'HS256' }),
    verifyVerification: (token) => {
      const claims = decode(token, VerificationClaimsSchema)?.claims;
      return claims && { name: claims.name, email: claims.email };
    },
  };
}

/** A URL-safe random token (for reset links) and the hash we store in its place. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function safeEqualHex(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

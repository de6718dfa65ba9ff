import { createHash, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';
import jwt from 'jsonwebtoken';
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
  const decode = <T>(token: string, schema: z.ZodType<T>): T | undefined => {
    try {
      const parsed = schema.safeParse(jwt.verify(token, secret, { algorithms: ['HS256'] }));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    sign: (userId, tokenVersion, sessionId) =>
      jwt.sign({ tv: tokenVersion, typ: 'access', ...(sessionId ? { sid: sessionId } : {}) }, secret, {
        subject: userId,
        expiresIn: TOKEN_TTL_SECONDS,
        algorithm: 'HS256',
      }),
    verify: (token) => decode(token, ClaimsSchema),
    signVerification: ({ name, email }, ttlSeconds) =>
      jwt.sign({ name, email, typ: 'signup' }, secret, { expiresIn: ttlSeconds, algorithm: 'HS256' }),
    verifyVerification: (token) => {
      const claims = decode(token, VerificationClaimsSchema);
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

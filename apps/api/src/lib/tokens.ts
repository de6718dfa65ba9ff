import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { z } from 'zod';

const TOKEN_TTL = '7d';
const ClaimsSchema = z.object({ sub: z.string(), tv: z.number().int(), typ: z.literal('access') });
export type TokenClaims = z.infer<typeof ClaimsSchema>;

export interface TokenSigner {
  sign(userId: string, tokenVersion: number): string;
  /** Returns the claims of a valid token, or undefined for anything else. */
  verify(token: string): TokenClaims | undefined;
}

export function createTokenSigner(secret: string): TokenSigner {
  return {
    sign: (userId, tokenVersion) =>
      jwt.sign({ tv: tokenVersion, typ: 'access' }, secret, {
        subject: userId,
        expiresIn: TOKEN_TTL,
        algorithm: 'HS256',
      }),
    verify: (token) => {
      try {
        const decoded = jwt.verify(token, secret, { algorithms: ['HS256'] });
        const parsed = ClaimsSchema.safeParse(decoded);
        return parsed.success ? parsed.data : undefined;
      } catch {
        return undefined;
      }
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

import { pbkdf2, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { hash, verify } from '@node-rs/argon2';
import { verify as verifyBcrypt } from '@node-rs/bcrypt';

// OWASP's argon2id baseline (argon2id is the library's default algorithm): 19 MiB, 2 iterations, 1 lane.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** A hash of a random password, verified against when the account does not exist, so timing tells nothing. */
let dummyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Constant-time verification (inside argon2); a missing hash still costs one verification. */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(`dummy-${Math.random()}`);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    if (isLegacyHash(storedHash)) return await verifyLegacy(storedHash, password);
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/*
 * Hashes of the old Druk eBird server, kept as imported (npm run import:legacy) until the account's
 * next sign-in verifies one and replaces it with argon2id (see `checkCredentials`):
 * - birders: bcrypt as bcryptjs wrote it (`$2a$12$…`), stored as is;
 * - admins: passport-local-mongoose's PBKDF2-HMAC-SHA256 (25,000 iterations, 512-byte key, the salt's
 *   hex text itself as the salt), stored as `$plm-pbkdf2-sha256$i=25000,l=512$<salt hex>$<hash hex>`.
 */
const PLM_PREFIX = '$plm-pbkdf2-sha256$';
const pbkdf2Async = promisify(pbkdf2);

/** The stored form of a passport-local-mongoose hash and salt (both hex, as the old admins collection held them). */
export function plmPasswordHash(
  hashHex: string,
  saltHex: string,
  iterations = 25_000,
  keyLength = 512,
): string {
  return `${PLM_PREFIX}i=${iterations},l=${keyLength}$${saltHex}$${hashHex}`;
}

/** True when the stored hash is one of the old server's, to be replaced by argon2id at the next sign-in. */
export function isLegacyHash(storedHash: string | null | undefined): boolean {
  return !!storedHash && (storedHash.startsWith(PLM_PREFIX) || /^\$2[abxy]\$\d{2}\$/.test(storedHash));
}

async function verifyLegacy(storedHash: string, password: string): Promise<boolean> {
  if (!storedHash.startsWith(PLM_PREFIX)) return verifyBcrypt(password, storedHash);
  const [params = '', salt = '', hashHex = ''] = storedHash.slice(PLM_PREFIX.length).split('$');
  const iterations = Number(/i=(\d+)/.exec(params)?.[1]);
  const keyLength = Number(/l=(\d+)/.exec(params)?.[1]);
  if (!iterations || !keyLength || !/^[0-9a-f]+$/i.test(hashHex)) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = await pbkdf2Async(password, salt, iterations, keyLength, 'sha256');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

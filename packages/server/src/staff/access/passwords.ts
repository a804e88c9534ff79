import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: OWASP's first recommended
 * setting). The PHC string keeps the parameters, so stronger ones later still verify old hashes.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for a wrong password and for a malformed stored hash (never throws on those). */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/**
 * A hash of nothing anyone knows, verified against when the e-mail is unknown, so that an unknown
 * account takes as long to refuse as a wrong password (no account discovery by timing).
 */
export function dummyHash(): Promise<string> {
  dummy ??= hash(randomBytes(24).toString('base64url'));
  return dummy;
}

/** Letters and digits without look-alikes (0/O, 1/l/I), in groups of 5: easy to type from a screen. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A one-time password: 20 characters of a 56-letter alphabet (~116 bits), as xxxxx-xxxxx-xxxxx-xxxxx. */
export function oneTimePassword(): string {
  const chars: string[] = [];
  while (chars.length < 20) {
    for (const byte of randomBytes(32)) {
      // Rejection sampling: bytes beyond the last full multiple of the alphabet would bias it.
      if (byte < 224 && chars.length < 20) chars.push(ALPHABET[byte % ALPHABET.length] ?? '');
    }
  }
  return [0, 5, 10, 15].map((start) => chars.slice(start, start + 5).join('')).join('-');
}

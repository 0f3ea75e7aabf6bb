import 'server-only';
import { randomInt } from 'node:crypto';

// No 0/O, 1/l/I: the admin reads it out or copies it into a message.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random password an admin hands over once, e.g. "Xk7pq-Rt2mN-8wHaz-Tc4Ue" (~137 bits). */
export function generateOneTimePassword(): string {
  const groups = Array.from({ length: 4 }, () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''));
  return groups.join('-');
}

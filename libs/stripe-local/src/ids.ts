import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Letters and digits as in Stripe's ids; the prefix says the kind (`cus_`, `sub_`, `cs_test_`). */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = prefix;
  // 62 does not divide 256; the slight bias is of no matter for ids that only need to be unique.
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

import { createHash, randomInt } from 'node:crypto';

/**
 * A launch link's short code for the classroom (`/startx`): read off a projector and typed by
 * students, so 8 characters of an alphabet without the look-alikes 0/O, 1/I/L (31 characters, about
 * 8.5·10¹¹ codes), shown grouped 4-4. Guessing is held back by the miss budget (code-guessing.ts).
 */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CODE_LENGTH = 8;
const CODE = /^[2-9A-HJKMNP-Z]{8}$/;

export function newLaunchCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * What a visitor typed, as a stored code: case, dashes and spaces do not matter. Null when it cannot
 * be a code at all (it still counts as a miss).
 */
export function normalizeLaunchCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  return CODE.test(code) ? code : null;
}

/**
 * The code of a link issued before codes existed (its event carries none): drawn from the token's
 * hash, so a replay gives the same code and the token stays the only secret it comes from.
 */
export function legacyLaunchCode(token: string): string {
  const digest = createHash('sha256').update(`launch-code:${token}`).digest();
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[digest[i]! % CODE_ALPHABET.length];
  return code;
}

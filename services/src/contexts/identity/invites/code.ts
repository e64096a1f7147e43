import { randomInt } from 'node:crypto';

/**
 * Letters and digits people do not confuse when they read a code aloud or copy it from a board: no 0/O,
 * 1/I/L. 31 symbols, eight of them: about 8.5 × 10¹¹ codes, far beyond guessing under the rate limits.
 */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 8;

/** A new code as shown to people, in two groups of four: 'K7PM-W3QX'. */
export function generateInviteCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * What identifies a code: upper case, letters and digits only, so 'k7pm w3qx', 'K7PM-W3QX' and
 * 'k7pmw3qx' are one code. Null when nothing of a code is left.
 */
export function inviteCodeKey(code: string): string | null {
  const key = code.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return key.length >= 4 && key.length <= 64 ? key : null;
}

export const inviteCodeStream = (key: string) => `invitecode-${key}`;
export const inviteStream = (inviteId: string) => `invite-${inviteId}`;

/** A quick-start code is 8 characters; shown and typed as `ABCD-EFGH`. */
export const CODE_LENGTH = 8;

/**
 * What the visitor typed or pasted, as the field shows it: letters and digits only, upper case, at
 * most 8, a dash after the fourth. Anything else (spaces, dashes, a pasted address's slashes) drops out;
 * the server reads case and dashes either way.
 */
export function groupCode(input: string): string {
  const plain = input
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, CODE_LENGTH);
  return plain.length > 4 ? `${plain.slice(0, 4)}-${plain.slice(4)}` : plain;
}

/** The code without its dash, once all 8 characters are there; else null. */
export function completeCode(grouped: string): string | null {
  const plain = grouped.replace(/-/g, '');
  return plain.length === CODE_LENGTH ? plain : null;
}

/**
 * A pasted QR address (`…/startx?code=ABCD-EFGH`) gives its code; anything else is read as typed.
 */
export function codeFromPaste(text: string): string {
  const match = /[?&]code=([^&#\s]+)/.exec(text);
  return groupCode(match ? decodeURIComponent(match[1]!) : text);
}

/**
 * The specification's safe in-site path (001 §2): letters, digits, @ - % _ ~ and slashes, then an
 * optional query and fragment. It must start with exactly one slash: `//host` would leave the site.
 * Query and fragment may hold anything but whitespace: after a same-site path they cannot change the origin.
 */
const SAFE_PATH = /^\/(?!\/)[\p{L}\p{N}@\-%_~/]*(\?[^#\s]*)?(#\S*)?$/u;

export function isSafePath(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 2048 && SAFE_PATH.test(value);
}

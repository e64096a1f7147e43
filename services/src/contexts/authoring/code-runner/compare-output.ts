/**
 * The comparison rule for a program's stdout against a test's expected output (docs/code-runner.md):
 * line endings are normalised (CRLF and CR to LF), spaces and tabs at the end of every line are ignored,
 * and so are empty lines at the very end. Everything else counts: leading spaces, blank lines in the
 * middle, letter case, the characters themselves.
 */
export function normalizeOutput(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const trimmed = lines.map((line) => line.replace(/[ \t]+$/, ''));
  while (trimmed.length > 0 && trimmed[trimmed.length - 1] === '') trimmed.pop();
  return trimmed.join('\n');
}

export function outputMatches(actual: string, expected: string): boolean {
  return normalizeOutput(actual) === normalizeOutput(expected);
}

/**
 * The address of an external assignment when it may be framed and linked: http(s) only. The server
 * takes nothing else since it checks (docs/assignments.md), but assignments stored before may hold any
 * URL, and a `javascript:` or `data:` one in a frame or a link would run in the student's session.
 */
export function safeExternalUrl(value: unknown): URL | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

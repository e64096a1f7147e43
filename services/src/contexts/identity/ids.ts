/** Usernames are unique regardless of case: the reservation stream is named by the lowercased form. */
export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

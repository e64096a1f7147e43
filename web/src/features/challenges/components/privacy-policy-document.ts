/**
 * The XML the signing application signs for sign_privacy_policy: the policy text as the root's content.
 * The server reads the root's text and compares it with the `document` sent, so the text is escaped,
 * never interpreted as markup.
 */
export function policyXml(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<privacyPolicy>${escaped}</privacyPolicy>`;
}

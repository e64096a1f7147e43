import { SignatureRefusedError } from './errors';
import { parseXml } from './signed-xml';

/** The fixed text of the authentication document (spec §9: "a short fixed test document"). */
export const AUTH_DOCUMENT_TEXT = 'Sabaq: вход по электронной подписи';
/** How far the document's time may be from the server's, either way. */
export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;
const NONCE = /^[A-Za-z0-9_-]{16,128}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/**
 * The document the signing application signs to sign in, before its enveloped signature is added:
 *
 *   <auth><text>Sabaq: вход по электронной подписи</text><timestamp>2026-09-01T08:00:00.000Z</timestamp>
 *   <nonce>at least 16 letters, digits, - or _</nonce></auth>
 *
 * The timestamp must be within five minutes of the server's clock; a nonce signs in once.
 */
export function authDocument(timestamp: string, nonce: string): string {
  return `<auth><text>${AUTH_DOCUMENT_TEXT}</text><timestamp>${timestamp}</timestamp><nonce>${nonce}</nonce></auth>`;
}

/** Reads the signed content (already verified) as the authentication document, fresh at `now`. */
export function readAuthDocument(content: string, now: Date): { timestamp: string; nonce: string } {
  const root = parseXml(content).documentElement;
  if (!root || root.localName !== 'auth' || root.namespaceURI) throw new SignatureRefusedError('document');
  const parts: Record<string, string> = {};
  for (let node = root.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === node.TEXT_NODE && !node.nodeValue?.trim()) continue;
    const name = node.nodeType === node.ELEMENT_NODE ? node.nodeName : '';
    if (!['text', 'timestamp', 'nonce'].includes(name) || name in parts)
      throw new SignatureRefusedError('document');
    parts[name] = node.textContent ?? '';
  }
  const { text, timestamp, nonce } = parts;
  if (text !== AUTH_DOCUMENT_TEXT || !timestamp || !ISO.test(timestamp) || !nonce || !NONCE.test(nonce))
    throw new SignatureRefusedError('document');
  if (Math.abs(now.getTime() - new Date(timestamp).getTime()) > MAX_CLOCK_SKEW_MS)
    throw new SignatureRefusedError('stale');
  return { timestamp: new Date(timestamp).toISOString(), nonce };
}

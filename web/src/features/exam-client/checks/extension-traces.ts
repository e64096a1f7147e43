/**
 * Browser extensions that read or change the exam page (answer finders, translators, screenshot and
 * AI helpers) leave traces in its DOM: scripts, styles, frames and pictures loaded from their own
 * `chrome-extension://` (or Firefox's, Safari's) addresses, or elements they insert carrying such an
 * address. The page cannot list a browser's extensions; it can see these traces, so that is what the
 * extension detector watches. Pure parts here; the observer is in client-checks.ts.
 */
const EXTENSION_SCHEMES = [
  'chrome-extension:',
  'moz-extension:',
  'safari-web-extension:',
  'ms-browser-extension:',
];

/** Attributes through which an element points at a resource. */
export const URL_ATTRIBUTES = ['src', 'href', 'data', 'srcset', 'style'] as const;

const ADDRESS =
  /(chrome-extension|moz-extension|safari-web-extension|ms-browser-extension):\/\/([a-z0-9-]+)/gi;

/** The extension origins (scheme://id) named in a piece of text, e.g. an attribute's value. */
export function extensionOrigins(text: string | null | undefined): string[] {
  if (!text) return [];
  const found = new Set<string>();
  for (const match of text.matchAll(ADDRESS))
    found.add(`${match[1]!.toLowerCase()}://${match[2]!.toLowerCase()}`);
  return [...found];
}

/** Whether an address is an extension's own (its scheme), for resource timing entries. */
export function isExtensionAddress(url: string): boolean {
  return EXTENSION_SCHEMES.some((scheme) => url.toLowerCase().startsWith(scheme));
}

/** The origins an element (and its descendants) points at through its URL attributes. */
export function originsInElement(element: Element): string[] {
  const found = new Set<string>();
  const visit = (el: Element) => {
    for (const name of URL_ATTRIBUTES)
      for (const origin of extensionOrigins(el.getAttribute(name))) found.add(origin);
  };
  visit(element);
  for (const child of element.querySelectorAll('[src],[href],[data],[srcset],[style]')) visit(child);
  return [...found];
}

/** Origins not reported yet: each extension is reported once per exam page. */
export class ExtensionTraces {
  private readonly reported = new Set<string>();

  fresh(origins: Iterable<string>): string[] {
    const fresh: string[] = [];
    for (const origin of origins) {
      if (this.reported.has(origin)) continue;
      this.reported.add(origin);
      fresh.push(origin);
    }
    return fresh;
  }
}

import sanitizeHtml from 'sanitize-html';

/**
 * The HTML a rich text field may keep: what the web editor (TipTap's starter kit, links, images and
 * the math nodes of @tiptap/extension-mathematics) produces, and nothing that can run in a reader's
 * page. Math is stored as `<span data-type="inline-math" data-latex="…">` and
 * `<div data-type="block-math" data-latex="…">`; the reader's page renders the LaTeX with KaTeX, which
 * escapes it, so the formula's source needs no markup of its own.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'h4',
    'sub',
    'sup',
    'a',
    'img',
    'span',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    span: [{ name: 'data-type', multiple: false, values: ['inline-math'] }, 'data-latex'],
    div: [{ name: 'data-type', multiple: false, values: ['block-math'] }, 'data-latex'],
  },
  // Relative addresses (the media library's /api/media/…) are kept; javascript:, data: and the like go.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // script, style and the like lose their text too, not only their tags.
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link leaves the platform in a new tab without handing it the opener.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, ...(attribs.href ? { target: '_blank', rel: 'noopener noreferrer' } : {}) },
    }),
  },
};

/** Stored rich text, cleaned: the allow-list above, everything else dropped (text kept, tags gone). */
export function sanitiseRichText(html: string): string {
  // Without a '<' there is no tag to remove: plain text (old questions, «A & B») is kept as written
  // rather than re-encoded, so screens that show it as text keep showing it unchanged.
  if (!html.includes('<')) return html;
  return sanitizeHtml(html, options);
}

/** Cleans each named field that holds a string; other values (null, absent) stay as they are. */
export function sanitiseRichFields<T extends Record<string, unknown>>(
  record: T,
  fields: readonly string[],
): T {
  let cleaned: Record<string, unknown> | undefined;
  for (const field of fields) {
    const value = record[field];
    if (typeof value !== 'string') continue;
    const clean = sanitiseRichText(value);
    if (clean !== value) (cleaned ??= { ...record })[field] = clean;
  }
  return (cleaned ?? record) as T;
}

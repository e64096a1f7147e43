import { createElement, lazy, Suspense, useMemo, type ReactNode } from 'react';

const MathFormula = lazy(() => import('./math-formula'));

/** Tags rich text may use; anything else keeps its text and loses its tag. */
const ALLOWED = new Set([
  'p',
  'br',
  'hr',
  'b',
  'strong',
  'i',
  'em',
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
  'span',
  'div',
]);

/** Web addresses and the platform's own paths; never javascript:, data: or a protocol-relative host. */
const isSafeAddress = (value: string) => /^https?:\/\//i.test(value) || /^\/(?!\/)/.test(value);

function formula(element: Element, key: number, block: boolean): ReactNode {
  const latex = element.getAttribute('data-latex') ?? '';
  // Until KaTeX arrives the source shows, so the text never jumps from nothing to something.
  const fallback = createElement(block ? 'div' : 'span', { className: 'rich-text-math' }, latex);
  return (
    <Suspense key={key} fallback={fallback}>
      <MathFormula latex={latex} block={block} />
    </Suspense>
  );
}

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  const type = element.getAttribute('data-type');
  if (tag === 'span' && type === 'inline-math') return formula(element, key, false);
  if (tag === 'div' && type === 'block-math') return formula(element, key, true);
  if (tag === 'img') {
    const src = element.getAttribute('src') ?? '';
    if (!isSafeAddress(src)) return null;
    return createElement('img', {
      key,
      src,
      alt: element.getAttribute('alt') ?? '',
      style: { maxWidth: '100%' },
    });
  }
  const children = Array.from(element.childNodes).map(toReact);
  if (!ALLOWED.has(tag)) return createElement('span', { key }, ...children);
  if (tag === 'a') {
    const href = element.getAttribute('href') ?? '';
    if (!isSafeAddress(href)) return createElement('span', { key }, ...children);
    return createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer' }, ...children);
  }
  if (tag === 'br' || tag === 'hr') return createElement(tag, { key });
  return createElement(tag, { key }, ...children);
}

/**
 * Stored rich text (a lesson's text, a question, a description, a news item) rendered as React
 * elements from an allow-list: no attributes but a link's or an image's address, so stored content can
 * never run script in a reader's page, even if it reached the store without the server's sanitiser.
 * Formulas are typeset by KaTeX, loaded only when the text has one.
 */
export function RichTextView({ html, inline = false }: { html: string; inline?: boolean }) {
  const nodes = useMemo(() => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    return Array.from(doc.body.childNodes).map(toReact);
  }, [html]);
  // Inside a label a <div> would be invalid; a question's text there is a span.
  return createElement(inline ? 'span' : 'div', { className: 'rich-text' }, ...nodes);
}

/** The text a reader hears: tags dropped, a formula read as its source. */
export function plainTextOf(html: string): string {
  if (!html.includes('<')) return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('[data-latex]').forEach((el) => (el.textContent = el.getAttribute('data-latex')));
  // Blocks are separated by a space so "<p>a</p><p>b</p>" does not read as "ab".
  doc.querySelectorAll('p, li, h1, h2, h3, h4, div, br').forEach((el) => el.append(' '));
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

import { createElement, type ReactNode } from 'react';

/** Tags a lesson's text may use; anything else keeps its text and loses its tag. */
const ALLOWED = new Set([
  'p',
  'br',
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
  'h2',
  'h3',
  'h4',
  'sub',
  'sup',
  'a',
  'span',
]);

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const children = Array.from(element.childNodes).map(toReact);
  const tag = element.tagName.toLowerCase();
  if (!ALLOWED.has(tag)) return createElement('span', { key }, ...children);
  if (tag === 'a') {
    const href = element.getAttribute('href') ?? '';
    // Only web links: no javascript: or data: addresses from authored content.
    if (!/^https?:\/\//i.test(href)) return createElement('span', { key }, ...children);
    return createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer' }, ...children);
  }
  return createElement(tag, { key }, ...(children.length ? children : []));
}

/**
 * Authored HTML (a lesson's text component) rendered as React elements from an allow-list: no
 * attributes but a link's web address, so authored content can never run script in a student's page.
 */
export function RichText({ html }: { html: string }) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return <div className="rich-text">{Array.from(doc.body.childNodes).map(toReact)}</div>;
}

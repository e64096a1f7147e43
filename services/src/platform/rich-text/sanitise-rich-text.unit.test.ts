import { describe, expect, it } from 'vitest';
import { sanitiseRichFields, sanitiseRichText } from './sanitise-rich-text';

describe('sanitiseRichText', () => {
  it('keeps what the editor writes: formatting, lists, headings, links, images and math nodes', () => {
    const html =
      '<h2>Дроби</h2><p><strong>Жирный</strong>, <em>курсив</em>, <s>зачёркнутый</s>, <code>x</code></p>' +
      '<ul><li><p>один</p></li></ul><ol start="3"><li><p>три</p></li></ol><blockquote><p>цитата</p></blockquote>' +
      '<p>Формула <span data-type="inline-math" data-latex="x^2 + \\frac{1}{2}"></span></p>' +
      '<div data-type="block-math" data-latex="\\sum_{i=1}^{n} i"></div>' +
      '<p><img src="/api/media/1/file.png" alt="рисунок"></p><hr>';
    // Void tags come back self-closed; nothing else changes.
    expect(sanitiseRichText(html)).toBe(html.replace('рисунок">', 'рисунок" />').replace('<hr>', '<hr />'));
  });

  it('gives every link a new tab without the opener', () => {
    expect(sanitiseRichText('<a href="https://example.org/a">сайт</a>')).toBe(
      '<a href="https://example.org/a" target="_blank" rel="noopener noreferrer">сайт</a>',
    );
  });

  it('keeps plain text as written, with no tag to remove', () => {
    expect(sanitiseRichText('A & B, 2 > 1')).toBe('A & B, 2 > 1');
    expect(sanitiseRichText('')).toBe('');
  });

  it.each([
    ['a script and its text', '<p>ok</p><script>alert(1)</script>', '<p>ok</p>'],
    // What is left is text, escaped: it shows, it cannot run.
    ['a script cut in two', '<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['an event handler', '<img src="/a.png" onerror="alert(1)">', '<img src="/a.png" />'],
    ['a handler on an allowed tag', '<p onclick="alert(1)" onmouseover="x()">t</p>', '<p>t</p>'],
    [
      'a javascript: link',
      '<a href="javascript:alert(1)">x</a>',
      '<a target="_blank" rel="noopener noreferrer">x</a>',
    ],
    [
      'a javascript: link in disguise',
      '<a href="JaVaScRiPt&#58;alert(1)">x</a>',
      '<a target="_blank" rel="noopener noreferrer">x</a>',
    ],
    [
      'a javascript: link with spaces',
      '<a href=" javascript:alert(1)">x</a>',
      '<a target="_blank" rel="noopener noreferrer">x</a>',
    ],
    ['a data: image', '<img src="data:text/html;base64,PHNjcmlwdD4=">', '<img />'],
    ['a protocol-relative image', '<img src="//evil.example/x.png">', '<img />'],
    ['an iframe', '<iframe src="https://evil.example"></iframe><p>t</p>', '<p>t</p>'],
    ['a style block and attribute', '<style>body{}</style><p style="position:fixed">t</p>', '<p>t</p>'],
    ['a class to borrow the page styles', '<p class="mantine-Modal-root">t</p>', '<p>t</p>'],
    ['an svg with script', '<svg><script>alert(1)</script></svg><p>t</p>', '<p>t</p>'],
    ['a form', '<form action="https://evil.example"><input name="p"></form>', ''],
    [
      'an unknown data-type',
      '<span data-type="mention" data-latex="x">t</span>',
      '<span data-type data-latex="x">t</span>',
    ],
    ['a comment hiding markup', '<!--<img src=x onerror=alert(1)>--><p>t</p>', '<p>t</p>'],
  ])('removes %s', (_name, dirty, clean) => {
    expect(sanitiseRichText(dirty)).toBe(clean);
  });

  it('keeps a formula whose LaTeX holds markup as an escaped attribute, never as a tag', () => {
    const clean = sanitiseRichText(
      '<span data-type="inline-math" data-latex="&quot;><script>alert(1)</script>"></span>',
    );
    expect(clean).not.toContain('<script');
    expect(clean).toMatch(/^<span data-type="inline-math" data-latex="[^"]*"><\/span>$/);
  });
});

describe('sanitiseRichFields', () => {
  it('cleans the named string fields and leaves the others and the nulls alone', () => {
    const record = { name: '<b>имя</b>', description: '<p onclick="x()">о</p>', body: null };
    expect(sanitiseRichFields(record, ['description', 'body'])).toEqual({
      name: '<b>имя</b>',
      description: '<p>о</p>',
      body: null,
    });
  });

  it('answers the same object when nothing changed', () => {
    const record = { description: '<p>чисто</p>' };
    expect(sanitiseRichFields(record, ['description'])).toBe(record);
  });
});

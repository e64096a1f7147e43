import 'katex/dist/katex.min.css';
import katex from 'katex';
import { useMemo } from 'react';

/**
 * A LaTeX formula typeset by KaTeX. This module (KaTeX and its fonts' CSS) is loaded only by pages that
 * show a formula: the app's main bundle never carries it.
 */
export default function MathFormula({ latex, block }: { latex: string; block: boolean }) {
  // KaTeX escapes the source and, with trust off, emits no links, styles or scripts of the author's.
  const html = useMemo(
    () =>
      katex.renderToString(latex, {
        displayMode: block,
        throwOnError: false,
        trust: false,
        output: 'htmlAndMathml',
      }),
    [latex, block],
  );
  const Tag = block ? 'div' : 'span';
  return <Tag className="rich-text-math" data-latex={latex} dangerouslySetInnerHTML={{ __html: html }} />;
}

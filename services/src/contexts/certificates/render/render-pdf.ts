import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';

/** A4 landscape in PDF points. */
const PAGE_WIDTH = 841.89;
const PAGE_HEIGHT = 595.28;

/** DejaVu covers Latin, Cyrillic and the Kazakh letters; pdfkit's built-in fonts have no Cyrillic. */
const FONT_DIR = join(
  dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const FONTS = {
  sans: 'DejaVuSans',
  'sans-bold': 'DejaVuSans-Bold',
  serif: 'DejaVuSerif',
  'serif-bold': 'DejaVuSerif-Bold',
  mono: 'DejaVuSansMono',
  'mono-bold': 'DejaVuSansMono-Bold',
} as const;

/** Which DejaVu face stands in for a CSS font family: serif and monospace keep their kind. */
export function fontFor(family: string, bold: boolean): keyof typeof FONTS {
  const names = family.toLowerCase();
  const kind = /mono|courier|consol/.test(names)
    ? 'mono'
    : /serif|times|georgia/.test(names.replace(/sans-serif|sans serif/g, ''))
      ? 'serif'
      : 'sans';
  return bold ? `${kind}-bold` : kind;
}

/**
 * The certificate's SVG (render-svg.ts, the one layout) drawn into an A4 landscape PDF by
 * svg-to-pdfkit, with the DejaVu fonts registered so Cyrillic and Kazakh names come out as text
 * (selectable, searchable), not as missing glyphs.
 */
export async function renderCertificatePdf(svg: string, title: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [PAGE_WIDTH, PAGE_HEIGHT],
    margin: 0,
    info: { Title: title, Producer: 'Sabaq', Creator: 'Sabaq' },
  });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, join(FONT_DIR, `${file}.ttf`));
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  SVGtoPDF(doc, svg, 0, 0, {
    width: PAGE_WIDTH,
    height: PAGE_HEIGHT,
    preserveAspectRatio: 'xMidYMid meet',
    fontCallback: (family, bold) => fontFor(family ?? '', bold),
    // A picture it cannot draw is left out, as the SVG leaves out what it may not show.
    warningCallback: () => undefined,
  });
  doc.end();
  return done;
}

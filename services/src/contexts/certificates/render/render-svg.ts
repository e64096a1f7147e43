import type { CertificateElement } from '@sabaq/events';
import QRCode from 'qrcode';

/** An A4 sheet in landscape at 96 dpi. */
const WIDTH = 1123;
const HEIGHT = 794;

export interface RenderInput {
  /** The template's background picture, if any (an http(s) or data: URL). */
  image: string | null;
  elements: readonly CertificateElement[];
  /** The values fixed when the certificate was issued. */
  placeholders: Record<string, string>;
  /** What the QR code says: the address where the certificate can be checked. */
  qrText: string;
}

/**
 * The certificate as one SVG document: the template's elements at their places (options x, y, width,
 * height in per cent of the sheet; elements without a place are stacked down the middle), texts from
 * the placeholders, the QR code drawn by the `qrcode` package. Everything that came from users is
 * escaped, and only http(s) and data: pictures are referenced.
 */
export async function renderCertificateSvg(input: RenderInput): Promise<string> {
  const active = input.elements.filter((e) => e.is_active);
  const parts: string[] = [];
  if (input.image && safeUrl(input.image)) {
    parts.push(`<image href="${xml(input.image)}" x="0" y="0" width="${WIDTH}" height="${HEIGHT}"/>`);
  }
  let row = 0;
  for (const element of active) {
    const box = boxOf(element, row++, active.length);
    const value = input.placeholders[element.variable] ?? element.label ?? '';
    if (element.type === 'qr-code' || element.variable === 'qr-code') {
      const size = Math.min(box.width, box.height);
      const qr = await QRCode.toString(input.qrText, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
      const inner = qr.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
      const viewBox = /viewBox="([^"]+)"/.exec(qr)?.[1] ?? '0 0 1 1';
      parts.push(
        `<svg x="${box.x}" y="${box.y}" width="${size}" height="${size}" viewBox="${viewBox}">${inner}</svg>`,
      );
      continue;
    }
    if (element.type === 'image') {
      const href = element.image ?? value;
      if (href && safeUrl(href)) {
        parts.push(
          `<image href="${xml(href)}" x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" preserveAspectRatio="xMidYMid meet"/>`,
        );
      }
      continue;
    }
    parts.push(textOf(element, value, box));
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    ...parts,
    '</svg>',
  ].join('\n');
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function boxOf(element: CertificateElement, index: number, count: number): Box {
  const o = element.options as Record<string, unknown>;
  const percent = (key: string, fallback: number) => {
    const value = o[key];
    return typeof value === 'number' && Number.isFinite(value) ? Math.min(Math.max(value, 0), 100) : fallback;
  };
  const rowHeight = 80 / Math.max(count, 1);
  return {
    x: Math.round((percent('x', 10) / 100) * WIDTH),
    y: Math.round((percent('y', 10 + index * rowHeight) / 100) * HEIGHT),
    width: Math.round((percent('width', 80) / 100) * WIDTH),
    height: Math.round((percent('height', rowHeight) / 100) * HEIGHT),
  };
}

function textOf(element: CertificateElement, value: string, box: Box): string {
  const s = element.styles;
  const anchor = s.align === 'left' ? 'start' : s.align === 'right' ? 'end' : 'middle';
  const x = s.align === 'left' ? box.x : s.align === 'right' ? box.x + box.width : box.x + box.width / 2;
  const y = s.valign === 'top' ? box.y : s.valign === 'bottom' ? box.y + box.height : box.y + box.height / 2;
  const baseline = s.valign === 'top' ? 'hanging' : s.valign === 'bottom' ? 'auto' : 'middle';
  const attributes = [
    `x="${Math.round(x)}"`,
    `y="${Math.round(y)}"`,
    `text-anchor="${anchor}"`,
    `dominant-baseline="${baseline}"`,
    `font-size="${s.font_size ?? 28}"`,
    `font-family="${xml(s.font_family ?? 'DejaVu Sans, Arial, sans-serif')}"`,
    `fill="${xml(s.color ?? '#1a1a1a')}"`,
    ...(s.font_weight === null ? [] : [`font-weight="${xml(String(s.font_weight))}"`]),
  ];
  return `<text ${attributes.join(' ')}>${xml(value)}</text>`;
}

function safeUrl(url: string): boolean {
  return /^(https?:\/\/|data:image\/(png|jpeg|gif|webp);base64,)/i.test(url);
}

function xml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

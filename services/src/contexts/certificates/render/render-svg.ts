import type { CertificateElement } from '@sabaq/events';
import QRCode from 'qrcode';
import type { ImageResolver } from './inline-images';

/** An A4 sheet in landscape at 96 dpi. */
export const SHEET_WIDTH = 1123;
export const SHEET_HEIGHT = 794;
const WIDTH = SHEET_WIDTH;
const HEIGHT = SHEET_HEIGHT;

export interface RenderInput {
  /** The template's background picture, if any (an http(s) or data: URL). */
  image: string | null;
  elements: readonly CertificateElement[];
  /** The values fixed when the certificate was issued. */
  placeholders: Record<string, string>;
  /** What the QR code says: the address where the certificate can be checked. */
  qrText: string;
  /** Inlines the platform's own pictures (relative media links); without it they are left out. */
  resolveImage?: ImageResolver;
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
  const picture = async (url: string | null | undefined): Promise<string | null> => {
    if (!url) return null;
    if (safeUrl(url)) return url;
    const inlined = input.resolveImage ? await input.resolveImage(url) : null;
    return inlined && safeUrl(inlined) ? inlined : null;
  };
  const background = await picture(input.image);
  if (background) {
    parts.push(
      `<image href="${xml(background)}" x="0" y="0" width="${WIDTH}" height="${HEIGHT}" preserveAspectRatio="xMidYMid slice"/>`,
    );
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
      const code = `<svg x="${box.x}" y="${box.y}" width="${size}" height="${size}" viewBox="${viewBox}">${inner}</svg>`;
      // The code is also a link (a click in the PDF or the browser opens the check), and the link names
      // what the code holds, so a reader without a camera can follow it too.
      parts.push(
        /^https?:\/\//i.test(input.qrText)
          ? `<a href="${xml(input.qrText)}" data-qr-text="${xml(input.qrText)}">${code}</a>`
          : code,
      );
      continue;
    }
    if (element.type === 'image') {
      const href = await picture(element.image ?? value);
      if (href) {
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
    ...(isBold(s.font_weight) ? ['font-weight="bold"'] : []),
  ];
  return `<text ${attributes.join(' ')}>${xml(value)}</text>`;
}

/**
 * Bold or not: the sheet has two weights, and the PDF's font chooser only knows the word "bold", so a
 * numeric weight of 600 or more is written as that word (the preview and the PDF then agree).
 */
function isBold(weight: string | number | null): boolean {
  if (weight === null) return false;
  const text = String(weight).trim().toLowerCase();
  return text === 'bold' || text === 'bolder' || Number(text) >= 600;
}

function safeUrl(url: string): boolean {
  return /^(https?:\/\/|data:image\/(png|jpeg|gif|webp);base64,)/i.test(url);
}

function xml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

import type { FastifyInstance } from 'fastify';

/** Pictures larger than this are left out of a certificate rather than held in memory. */
const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/** What pdfkit can draw; an SVG or WebP background would be dropped from the PDF anyway. */
const DRAWABLE = /^image\/(png|jpeg)$/;

/** Turns a picture's address into a data: URL, or null when it cannot be used. */
export type ImageResolver = (url: string) => Promise<string | null>;

/**
 * The platform's own lasting media links (`/api/media/s/{token}`, what the media picker stores) read
 * through the app itself (`inject`, following its redirect to the signed file), so the SVG and the PDF
 * carry the picture inline: an SVG shown as an <img> loads nothing from outside, and pdfkit cannot
 * fetch. Addresses on other hosts are never fetched by the server (that would let a template make the
 * server call anywhere); they stay links the browser may load.
 */
export function localImageResolver(app: FastifyInstance): ImageResolver {
  return async (url) => {
    if (url.startsWith('data:')) return url;
    if (!/^\/api\/media\/s\/[A-Za-z0-9_-]+$/.test(url)) return null;
    let path = url;
    for (let hop = 0; hop < 3; hop++) {
      const response = await app.inject({ method: 'GET', url: path });
      const location = response.headers.location;
      if (response.statusCode >= 300 && response.statusCode < 400 && typeof location === 'string') {
        if (!location.startsWith('/')) return null;
        path = location;
        continue;
      }
      const type = String(response.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim();
      if (response.statusCode !== 200 || !DRAWABLE.test(type)) return null;
      const body = response.rawPayload;
      if (body.length > MAX_IMAGE_BYTES) return null;
      return `data:${type};base64,${body.toString('base64')}`;
    }
    return null;
  };
}

import { ValidationError } from '../../../platform/errors';
import type { ObjectStore } from '../../../platform/ports/objects';

/** A screenshot may be at most this large once decoded: a 1080p JPEG is a few hundred KB. */
export const MAX_SCREENSHOT_BYTES = 2 * 1024 * 1024;

const FORMATS = [
  { ext: 'png', type: 'image/png', test: (b: Buffer) => b.subarray(0, 4).toString('hex') === '89504e47' },
  { ext: 'jpg', type: 'image/jpeg', test: (b: Buffer) => b.subarray(0, 3).toString('hex') === 'ffd8ff' },
  {
    ext: 'webp',
    type: 'image/webp',
    test: (b: Buffer) => b.subarray(0, 4).toString() === 'RIFF' && b.subarray(8, 12).toString() === 'WEBP',
  },
];

export interface DecodedScreenshot {
  bytes: Buffer;
  ext: string;
  contentType: string;
}

/**
 * A base64 screenshot (optionally a data: URL) checked to be a PNG, JPEG or WebP by its first bytes, so
 * the store never keeps something a browser would run. `field` names it in the 422.
 */
export function decodeScreenshot(value: string, field: string): DecodedScreenshot {
  const payload = value.replace(/^data:image\/[a-z+]+;base64,/i, '');
  if (!/^[A-Za-z0-9+/\r\n]*={0,2}$/.test(payload)) {
    throw new ValidationError('Снимок экрана не в base64', { [field]: ['Снимок экрана не в base64'] });
  }
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length === 0 || bytes.length > MAX_SCREENSHOT_BYTES) {
    throw new ValidationError('Снимок экрана пуст или больше 2 МБ', {
      [field]: ['Снимок экрана пуст или больше 2 МБ'],
    });
  }
  const format = FORMATS.find((f) => f.test(bytes));
  if (!format) {
    throw new ValidationError('Снимок экрана должен быть PNG, JPEG или WebP', {
      [field]: ['Снимок экрана должен быть PNG, JPEG или WebP'],
    });
  }
  return { bytes, ext: format.ext, contentType: format.type };
}

/**
 * Stores an action's screenshots under keys derived from the action's event id, so a retried request
 * overwrites the same objects instead of leaving orphans; the event keeps the keys.
 */
export async function storeScreenshots(
  objects: ObjectStore,
  prefix: { schoolId: string; attemptId: string; eventId: string },
  screenshots: readonly DecodedScreenshot[],
): Promise<string[]> {
  const keys: string[] = [];
  for (const [index, shot] of screenshots.entries()) {
    const key = `proctoring/${prefix.schoolId}/${prefix.attemptId}/${prefix.eventId}-${index}.${shot.ext}`;
    await objects.put(key, shot.bytes, { contentType: shot.contentType, size: shot.bytes.length });
    keys.push(key);
  }
  return keys;
}

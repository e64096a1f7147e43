import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { RgbImage } from '@sabaq/models';
import type { ObjectStore } from '../../platform/ports/objects';

async function text(objects: ObjectStore, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await objects.get(key)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

const dirOf = (key: string) => key.slice(0, key.lastIndexOf('/') + 1);

/**
 * The converted recording's segments in play order, read from its HLS playlists in object storage. The
 * rendition chosen is the smallest at least 240 lines high (the analyzer samples 320 × 240), or the
 * largest when all are smaller.
 */
export async function segmentKeys(objects: ObjectStore, masterKey: string): Promise<string[]> {
  const master = await text(objects, masterKey);
  const variants: { uri: string; height: number }[] = [];
  const lines = master.split(/\r?\n/);
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF')) return;
    const height = Number(/RESOLUTION=\d+x(\d+)/.exec(line)?.[1] ?? 0);
    const uri = lines.slice(i + 1).find((l) => l.trim() && !l.startsWith('#'));
    if (uri) variants.push({ uri: uri.trim(), height });
  });
  const playlistKey =
    variants.length === 0
      ? masterKey // a media playlist itself
      : dirOf(masterKey) +
        (
          [...variants].sort((a, b) => a.height - b.height).find((v) => v.height >= 240) ??
          [...variants].sort((a, b) => b.height - a.height)[0]!
        ).uri;
  const playlist = await text(objects, playlistKey);
  const segments = playlist
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  if (segments.length === 0) throw new Error('The recording has no segments');
  return segments.map((s) => dirOf(playlistKey) + s);
}

/** The segments as one stream (MPEG-TS segments join byte for byte), read one object at a time. */
export function joinedSegments(objects: ObjectStore, keys: readonly string[]): () => Promise<Readable> {
  return async () => {
    const out = new PassThrough();
    void (async () => {
      // Written by hand rather than piped: a pipeline per segment into one destination would add
      // listeners to it for every segment of an hour-long recording.
      for (const key of keys) {
        for await (const chunk of await objects.get(key)) {
          if (!out.write(chunk)) await once(out, 'drain');
        }
      }
      out.end();
    })().catch((error: unknown) => out.destroy(error as Error));
    return out;
  };
}

/** A picture (JPEG, PNG, WebP) decoded by ffmpeg into RGB, at most 640 wide. */
export async function decodePicture(source: Readable): Promise<RgbImage> {
  const probe = spawn('ffmpeg', [
    ...['-v', 'error', '-nostdin', '-i', 'pipe:0', '-frames:v', '1'],
    ...['-vf', "scale='min(640,iw)':-2", '-f', 'image2pipe', '-vcodec', 'ppm', 'pipe:1'],
  ]);
  source.pipe(probe.stdin);
  probe.stdin.on('error', () => undefined);
  const chunks: Buffer[] = [];
  for await (const chunk of probe.stdout) chunks.push(chunk as Buffer);
  const ppm = Buffer.concat(chunks);
  // PPM: "P6\n<w> <h>\n255\n" then RGB bytes.
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('The picture could not be decoded');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const data = ppm.subarray(header[0].length, header[0].length + width * height * 3);
  return { width, height, data: new Uint8Array(data) };
}

/** A JPEG of an RGB frame, for the report's thumbnails. */
export async function encodeJpeg(image: RgbImage): Promise<Buffer> {
  const child = spawn('ffmpeg', [
    ...['-v', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${image.width}x${image.height}`],
    ...['-i', 'pipe:0', '-frames:v', '1', '-q:v', '5', '-f', 'image2pipe', '-vcodec', 'mjpeg', 'pipe:1'],
  ]);
  child.stdin.end(Buffer.from(image.data));
  const chunks: Buffer[] = [];
  for await (const chunk of child.stdout) chunks.push(chunk as Buffer);
  const jpeg = Buffer.concat(chunks);
  if (jpeg.length === 0) throw new Error('The thumbnail could not be encoded');
  return jpeg;
}

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RgbImage } from '../src/image';

/**
 * Real test pictures from Debian packages (licences in each package's copyright file), fetched at test
 * time with `apt-get download` into models/.cache/media rather than committed.
 */
const SOURCES = {
  astronaut: {
    deb: 'python3-imageio',
    path: 'usr/lib/python3/dist-packages/imageio/resources/images/astronaut.png',
  },
  messi: { deb: 'opencv-doc', path: 'usr/share/doc/opencv-doc/examples/data/messi5.jpg' },
  fourFaces: { deb: 'opencv-doc', path: 'usr/share/doc/opencv-doc/opencv4/html/facereg.jpg' },
  phoneOnTable: { deb: 'opencv-doc', path: 'usr/share/doc/opencv-doc/opencv4/html/yolo.jpg' },
  /** A man in a white T-shirt against a dark room (the face-swapping tutorial's result). */
  man: { deb: 'opencv-doc', path: 'usr/share/doc/opencv-doc/opencv4/html/face_swapped.jpg' },
  /** One face of the Yale database under four lightings (top row), with their LBP images below. */
  yaleLighting: { deb: 'opencv-doc', path: 'usr/share/doc/opencv-doc/opencv4/html/lbp_yale.jpg' },
  /** A black-and-white portrait (openxlsx's example picture, GPL-3 with the package). */
  einstein: { deb: 'r-cran-openxlsx', path: 'usr/lib/R/site-library/openxlsx/extdata/einstein.jpg' },
} as const;

export type TestPicture = keyof typeof SOURCES;

const cacheDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '.cache', 'media');

export function testPicturePath(name: TestPicture): string {
  const source = SOURCES[name];
  const target = path.join(cacheDir, path.basename(source.path));
  if (existsSync(target)) return target;
  mkdirSync(cacheDir, { recursive: true });
  const work = mkdtempSync(path.join(os.tmpdir(), 'sabaq-media-'));
  try {
    try {
      execFileSync('apt-get', ['download', '-q', source.deb], { cwd: work, stdio: 'ignore' });
    } catch (error) {
      // A fresh machine may have no package lists yet; root can fetch them.
      if (process.getuid?.() !== 0) throw error;
      execFileSync('apt-get', ['update', '-q'], { stdio: 'ignore' });
      execFileSync('apt-get', ['download', '-q', source.deb], { cwd: work, stdio: 'ignore' });
    }
    const deb = execFileSync('sh', ['-c', 'ls *.deb'], { cwd: work, encoding: 'utf8' }).trim();
    execFileSync('dpkg-deb', ['-x', deb, 'x'], { cwd: work });
    // Keep every picture this package gives, so the next one needs no second download.
    for (const other of Object.values(SOURCES).filter((s) => s.deb === source.deb)) {
      renameSync(path.join(work, 'x', other.path), path.join(cacheDir, path.basename(other.path)));
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return target;
}

/**
 * A picture decoded by ffmpeg into RGB, optionally scaled to `width` (height keeps the ratio) and mirrored
 * left to right.
 */
export function loadPicture(file: string, width?: number, mirrored = false): RgbImage {
  const probe = execFileSync(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', file],
    { encoding: 'utf8' },
  )
    .trim()
    .split(',')
    .map(Number);
  let [w, h] = probe as [number, number];
  const chain: string[] = [];
  if (width) {
    h = Math.round((h * width) / w / 2) * 2;
    w = width;
    chain.push(`scale=${w}:${h}`);
  }
  if (mirrored) chain.push('hflip');
  const filters = chain.length ? ['-vf', chain.join(',')] : [];
  const data = execFileSync(
    'ffmpeg',
    ['-v', 'error', '-i', file, ...filters, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    { maxBuffer: 64 * 2 ** 20 },
  );
  return { width: w, height: h, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/** Mono 16 kHz float samples of an audio file or lavfi source, decoded by ffmpeg. */
export function loadAudio(args: string[]): Float32Array {
  const data = execFileSync(
    'ffmpeg',
    ['-v', 'error', ...args, '-f', 'f32le', '-ac', '1', '-ar', '16000', '-'],
    {
      maxBuffer: 64 * 2 ** 20,
    },
  );
  return new Float32Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.length));
}

import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { testPicturePath, type TestPicture } from '../../../models/test/media';
import { addChromiumArgs } from './chromium';

/**
 * Chromium's fake camera and microphone for the exam's browser tests and the exam bench: a film of real
 * photos (Debian's, models/test/media.ts) and a sound of synthesised speech, both composed by ffmpeg
 * and looped by Chromium (--use-file-for-fake-video-capture, --use-file-for-fake-audio-capture).
 */

const WIDTH = 320;
const HEIGHT = 240;
const FPS = 10;
const SAMPLE_RATE = 48_000;
/** Each scene letterboxed into the film's frame, square pixels, the film's rate, the YUV Chromium reads. */
const FIT = `scale=${WIDTH}:${HEIGHT}:force_original_aspect_ratio=decrease,pad=${WIDTH}:${HEIGHT}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=${FPS},format=yuv420p`;

/**
 * One stretch of the film: a photo, which `frame` (an ffmpeg filter chain) may cut or place first, or
 * nobody in front of the camera (a grey frame).
 */
export type Scene = { seconds: number } & ({ picture: TestPicture; frame?: string } | { picture: 'nobody' });

/** Writes the scenes one after another as `dir/cam.y4m` (320×240, 10 frames a second) and returns its path. */
export function composeCameraFilm(dir: string, scenes: readonly Scene[]): string {
  mkdirSync(dir, { recursive: true });
  const film = path.join(dir, 'cam.y4m');
  const inputs = scenes.flatMap((scene) =>
    scene.picture === 'nobody'
      ? ['-f', 'lavfi', '-t', `${scene.seconds}`, '-i', `color=c=gray:s=${WIDTH}x${HEIGHT}:r=${FPS}`]
      : ['-loop', '1', '-t', `${scene.seconds}`, '-i', testPicturePath(scene.picture)],
  );
  const fitted = scenes.map((scene, i) => {
    const frame = 'frame' in scene && scene.frame ? `${scene.frame},` : '';
    return `[${i}]${frame}${FIT}[s${i}]`;
  });
  const joined = `${scenes.map((_, i) => `[s${i}]`).join('')}concat=n=${scenes.length}:v=1:a=0[v]`;
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y'],
    ...inputs,
    ...['-filter_complex', [...fitted, joined].join(';')],
    ...['-map', '[v]', '-pix_fmt', 'yuv420p', film],
  ]);
  // y4m holds every frame raw (1.5 bytes a pixel in 4:2:0): a shorter file means a scene went missing.
  const seconds = scenes.reduce((sum, scene) => sum + scene.seconds, 0);
  const expected = seconds * FPS * WIDTH * HEIGHT * 1.5;
  const size = statSync(film).size;
  if (size < expected)
    throw new Error(`${film}: ${size} bytes, under the ${expected} of ${seconds} s of film`);
  return film;
}

export interface Speech {
  /** Spoken by ffmpeg's flite filter (Debian's ffmpeg). */
  text: string;
  /** How many times the text is spoken, back to back. */
  times: number;
  silenceBefore: number;
  silenceAfter: number;
}

/** Writes silence, the speech, silence as `dir/speech.wav` (48 kHz mono PCM) and returns its path. */
export function composeSpeech(dir: string, { text, times, silenceBefore, silenceAfter }: Speech): string {
  mkdirSync(dir, { recursive: true });
  const wav = path.join(dir, 'speech.wav');
  const silence = (seconds: number) => [
    '-f',
    'lavfi',
    '-t',
    `${seconds}`,
    '-i',
    `anullsrc=r=${SAMPLE_RATE}:cl=mono`,
  ];
  const spoken = Array.from({ length: times }, (_, i) => i + 1);
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y'],
    ...silence(silenceBefore),
    ...spoken.flatMap(() => ['-f', 'lavfi', '-i', `flite=text='${text}'`]),
    ...silence(silenceAfter),
    '-filter_complex',
    [
      ...spoken.map((i) => `[${i}]aresample=${SAMPLE_RATE}[s${i}]`),
      `[0]${spoken.map((i) => `[s${i}]`).join('')}[${times + 1}]concat=n=${times + 2}:v=0:a=1,volume=2[a]`,
    ].join(';'),
    ...['-map', '[a]', '-ac', '1', '-ar', `${SAMPLE_RATE}`, '-c:a', 'pcm_s16le', wav],
  ]);
  return wav;
}

/**
 * Adds the fake devices to the Chromium this file starts next (call before the platform starts). The
 * fake UI answers the permission prompts, and getDisplayMedia with a fake 1280×720 "screen": headless
 * has no picker, and --auto-select-desktop-capture-source and the tab-capture flags time out there.
 */
export function useFakeCapture({ camera, microphone }: { camera: string; microphone?: string }): void {
  addChromiumArgs(
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${camera}`,
    '--use-fake-ui-for-media-stream',
    ...(microphone
      ? [
          `--use-file-for-fake-audio-capture=${microphone}`,
          // The fake microphone plays into an AudioContext without a click on every page load.
          '--autoplay-policy=no-user-gesture-required',
        ]
      : []),
  );
}

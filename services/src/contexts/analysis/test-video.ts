import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lookingAwayPicturePath } from '../../../../models/test/looking-away';
import { testPicturePath } from '../../../../models/test/media';
import type { ServerViolation } from './anomalies';

/**
 * The accuracy video: real pictures from Debian packages (models/test/media.ts), one of them with its
 * eyes turned by pixel code (models/test/looking-away.ts), and ffmpeg-made sound,
 * cut into segments whose ground truth is known, encoded as a browser would record it (WebM, VP8 and
 * Opus). Nothing is committed: the video is composed at test or bench time.
 */
export interface Segment {
  name: string;
  /** Seconds long (6 unless given). */
  seconds?: number;
  /** What the segment must raise; an empty list means it must raise nothing. */
  expect: ServerViolation[];
  /** ffmpeg input options of the picture(s); with more than one, `filter` labels them [0:v], [1:v]…. */
  video: string[];
  filter: string;
  audio: string;
  /**
   * The voice alone (a lavfi chain), when `audio` speaks over something else: speech's ground truth is
   * where the voice is heard (measured by ffmpeg's silencedetect), not the whole segment. A segment
   * that expects speech and has no `voice` is measured on its `audio`.
   */
  voice?: string;
}

const SECONDS = 6;
export const FIT =
  'scale=320:240:force_original_aspect_ratio=decrease,pad=320:240:(ow-iw)/2:(oh-ih)/2:color=gray';
/** ffmpeg input options of a still picture shown for `seconds`. */
export const still = (file: string, seconds = SECONDS) => [
  ...['-loop', '1', '-framerate', '10', '-t', String(seconds), '-i', file],
];
export const silence = `anullsrc=r=48000:cl=mono:d=${SECONDS}`;

export function accuracySegments(): Segment[] {
  const student = testPicturePath('astronaut');
  return [
    { name: 'the student alone', expect: [], video: still(student), filter: FIT, audio: silence },
    {
      name: 'nobody',
      expect: ['face_missing'],
      video: ['-f', 'lavfi', '-t', String(SECONDS), '-i', 'color=c=gray:s=320x240:r=10'],
      filter: 'null',
      audio: silence,
    },
    {
      name: 'four people',
      // None of the four is the student: the main face does not match the identity photo either.
      expect: ['many_faces', 'face_mismatch'],
      video: still(testPicturePath('fourFaces')),
      filter: FIT,
      audio: silence,
    },
    {
      name: 'the student far from the camera',
      expect: ['too_far'],
      video: still(student),
      filter: 'scale=100:100,pad=320:240:110:70:color=gray',
      audio: silence,
    },
    {
      name: 'another person',
      expect: ['face_mismatch'],
      video: still(testPicturePath('messi')),
      // Closer on the face, so that this segment tests identity and not distance.
      filter: `crop=160:120:160:50,${FIT}`,
      audio: silence,
    },
    {
      name: 'the student talking',
      expect: ['speech'],
      video: still(student),
      filter: FIT,
      audio: `flite=text='Can you tell me the answer to the third question please, I do not know it':voice=slt,aresample=48000,apad=whole_dur=${SECONDS}`,
    },
    {
      name: 'noise in the room',
      expect: ['noise'],
      video: still(student),
      filter: FIT,
      audio: `anoisesrc=d=${SECONDS}:c=pink:a=0.3:r=48000`,
    },
    {
      name: 'the student with a phone',
      expect: ['prohibited_objects'],
      // The phone of yolo.jpg (cropped below the label drawn on that picture) held in front of the
      // student, a little over half the frame wide. Placed clear of the face: the face detector takes
      // the phone's top edge for a face when it is beside the face.
      video: [...still(student), ...still(testPicturePath('phoneOnTable'))],
      filter: `[0:v]${FIT}[student];[1:v]crop=265:195:128:545,scale=170:-2[phone];[student][phone]overlay=140:110`,
      audio: silence,
    },
    {
      name: 'the student looking away',
      // The same frontal picture with both irises moved towards the picture's left by pixel code
      // (models/test/looking-away.ts): the head does not turn, only the eyes do.
      expect: ['eye_away'],
      video: still(lookingAwayPicturePath()),
      filter: FIT,
      audio: silence,
    },
    { name: 'the student alone again', expect: [], video: still(student), filter: FIT, audio: silence },
  ];
}

export type TimedSegment = Segment & {
  start: number;
  end: number;
  /** Where a type's truth is narrower than the segment (speech: where the voice is), in recording seconds. */
  truth?: Partial<Record<ServerViolation, { start: number; end: number }>>;
};

/** Where a lavfi chain is not silent within its first `seconds`: from its first sound to its last. */
export function audibleSpan(audio: string, seconds: number): { start: number; end: number } {
  const result = spawnSync(
    'ffmpeg',
    [
      ...['-v', 'info', '-nostats', '-f', 'lavfi', '-t', String(seconds), '-i', audio],
      ...['-af', 'silencedetect=noise=-45dB:duration=0.3', '-f', 'null', '-'],
    ],
    { encoding: 'utf8' },
  );
  const starts = [...result.stderr.matchAll(/silence_start: (-?[\d.]+)/g)].map((m) => Number(m[1]));
  const ends = [...result.stderr.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
  let leading = 0;
  let trailing = seconds;
  starts.forEach((start, i) => {
    // ffmpeg ends a silence that runs to the end of the input there too (or not at all).
    const end = Math.min(ends[i] ?? seconds, seconds);
    if (start <= 0.05) leading = end;
    if (end >= seconds - 0.05) trailing = Math.min(trailing, Math.max(0, start));
  });
  return { start: Math.min(leading, seconds), end: Math.max(trailing, Math.min(leading, seconds)) };
}

/** Writes the accuracy video to `file` and returns its segments with their start and end seconds. */
export function composeAccuracyVideo(file: string): TimedSegment[] {
  return composeVideo(file, accuracySegments());
}

/**
 * Writes `segments` one after another to `file` (WebM, VP8 and Opus, as a browser records) and returns
 * them with their start and end seconds.
 */
export function composeVideo(file: string, segments: readonly Segment[]): TimedSegment[] {
  const work = mkdtempSync(path.join(os.tmpdir(), 'sabaq-accuracy-'));
  try {
    const parts = segments.map((segment, i) => {
      const part = path.join(work, `${i}.webm`);
      const seconds = String(segment.seconds ?? SECONDS);
      const pictures = segment.video.filter((arg) => arg === '-i').length;
      const graph = `${segment.filter.startsWith('[') ? '' : '[0:v]'}${segment.filter},format=yuv420p[v]`;
      execFileSync('ffmpeg', [
        ...['-v', 'error', '-y', ...segment.video, '-f', 'lavfi', '-t', seconds, '-i', segment.audio],
        ...['-filter_complex', graph, '-map', '[v]', '-map', `${pictures}:a`],
        ...['-r', '10', '-t', seconds],
        ...['-c:v', 'libvpx', '-b:v', '400k', '-deadline', 'realtime', '-cpu-used', '8'],
        ...['-c:a', 'libopus', '-ac', '1', '-ar', '48000', part],
      ]);
      return part;
    });
    const list = path.join(work, 'list.txt');
    writeFileSync(list, parts.map((p) => `file '${p}'`).join('\n'));
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      list,
      '-c',
      'copy',
      file,
    ]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  let at = 0;
  return segments.map((segment) => {
    const start = at;
    const seconds = segment.seconds ?? SECONDS;
    at += seconds;
    if (!segment.expect.includes('speech')) return { ...segment, start, end: at };
    const voice = audibleSpan(segment.voice ?? segment.audio, seconds);
    return {
      ...segment,
      start,
      end: at,
      truth: { speech: { start: start + voice.start, end: start + voice.end } },
    };
  });
}

import { execFileSync } from 'node:child_process';
import type { RgbImage } from '@sabaq/models';
import { testPicturePath } from '../../../../../models/test/media';
import { spokenWav } from '../../../../../models/test/speech';
import { accuracySegments, FIT, silence, still, type Segment } from '../test-video';

/**
 * The accuracy recordings: each a student (whose identity photo the analysis gets) and a list of
 * segments with their ground truth, composed by ffmpeg from pictures of Debian packages
 * (models/test/media.ts) and sound from flite (inside ffmpeg), espeak-ng (models/test/speech.ts) and
 * ffmpeg's generators. Nothing is committed: they are made at test or bench time. docs/ai-analysis.md
 * ("Accuracy") lists what each holds and where its material comes from.
 */
export interface AccuracyRecording {
  name: string;
  /** The student's identity photo, as the attempt's identity_verified screenshot would give it. */
  identityPhoto: () => RgbImage;
  segments: () => Segment[];
}

/**
 * A picture (optionally cut by an ffmpeg filter first) as a 320 × 240 RGB identity photo, letterboxed as
 * the exam client's webcam screenshot is.
 */
function photo(file: string, filter = 'null'): RgbImage {
  const data = execFileSync(
    'ffmpeg',
    [
      ...['-v', 'error', '-i', file, '-frames:v', '1', '-vf', `${filter},${FIT}`],
      ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    ],
    { maxBuffer: 16 * 2 ** 20 },
  );
  return { width: 320, height: 240, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

const SECONDS = 6;
const quiet = (seconds = SECONDS) => `anullsrc=r=48000:cl=mono:d=${seconds}`;
/** A file's sound at 48 kHz, padded with silence to the segment's length. */
const sound = (file: string, seconds = SECONDS) => `amovie=${file},aresample=48000,apad=whole_dur=${seconds}`;
/** A voice (a lavfi chain at 48 kHz) over a background, mixed without renormalising. */
const mixed = (voice: string, background: string) =>
  `${voice}[voice];${background}[background];[voice][background]amix=inputs=2:duration=first:normalize=0`;
/** A file's sound over a background (a lavfi source at 48 kHz). */
const over = (file: string, background: string, seconds = SECONDS) => mixed(sound(file, seconds), background);
/** Music-like tones: a sustained A minor chord, a note changing every half second above it. */
const tones = (amplitude: number, seconds = SECONDS) =>
  `aevalsrc=${amplitude}*sin(2*PI*220*t)+${amplitude}*sin(2*PI*261.6*t)+${amplitude}*sin(2*PI*329.6*t)` +
  `+${amplitude}*sin(2*PI*(440+110*mod(floor(2*t)\\,4))*t):s=48000:d=${seconds}`;
const pink = (amplitude: number, seconds = SECONDS) =>
  `anoisesrc=d=${seconds}:c=pink:a=${amplitude}:r=48000:seed=7`;
const flite = (voice: string, text: string, seconds = SECONDS) =>
  `flite=text='${text}':voice=${voice},aresample=48000,apad=whole_dur=${seconds}`;

const QUESTION = 'Can you tell me the answer to the third question please, I do not know it';
const RU = 'Подскажи, пожалуйста, ответ на третий вопрос, я его не знаю';
const KK = 'Үшінші сұрақтың жауабын айтып жіберші, мен оны білмеймін';

/** One picture behind another's filter chain: [0:v] the student's, [1:v] the other's. */
const two = (first: string, second: string, seconds = SECONDS) => [
  ...still(first, seconds),
  ...still(second, seconds),
];

/** The phone of yolo.jpg (below the label drawn on it), as test-video.ts holds it up. */
const PHONE = 'crop=265:195:128:545,scale=170:-2';
/** The mug and the banana of the same table: objects that are not prohibited. */
const MUG = 'crop=200:190:360:125,scale=110:-2';
const BANANA = 'crop=360:150:495:300,scale=150:-2';

/** The four faces of facereg.jpg, 100 × 100 each (landmark dots drawn on them by its tutorial). */
const FACEREG = {
  glasses: 'crop=100:100:100:0',
  darkHaired: 'crop=100:100:0:100',
  man: 'crop=100:100:100:100',
} as const;

/**
 * Lightings of the Yale face: the top row of lbp_yale.jpg, four tiles of 166 × 190, each given a margin
 * as a webcam would: cut at the brow and the chin, the face's landmarks were wrong (the irises read on
 * the eye corners, eye_away everywhere) and its identity barely matched itself.
 */
const yale = (tile: 0 | 1 | 2 | 3) => `crop=166:190:${tile * 166}:0,pad=266:250:50:30:color=gray`;

export const ACCURACY_RECORDINGS: AccuracyRecording[] = [
  {
    // The first accuracy video (test-video.ts): every detector once, 6 s a segment.
    name: 'segments',
    identityPhoto: () => photo(testPicturePath('astronaut')),
    segments: accuracySegments,
  },
  {
    // A man in a dark room: light that changes, voices in two languages over noise and music, a second
    // person coming in for 3 s, and another person in the seat.
    name: 'lighting_and_voices',
    identityPhoto: () => photo(testPicturePath('man')),
    segments: () => {
      const man = testPicturePath('man');
      return [
        { name: 'alone', expect: [], video: still(man), filter: FIT, audio: silence },
        {
          name: 'alone in a dim room',
          expect: [],
          video: still(man),
          filter: `${FIT},eq=gamma=0.55:contrast=0.7:brightness=-0.08,noise=alls=6:allf=t:all_seed=7`,
          audio: quiet(),
        },
        {
          name: 'alone, a grey webcam in low light',
          expect: [],
          video: still(man),
          filter: `${FIT},hue=s=0,eq=contrast=0.55:brightness=-0.15,noise=alls=5:allf=t:all_seed=7`,
          audio: quiet(),
        },
        {
          name: 'alone, overexposed',
          expect: [],
          video: still(man),
          filter: `${FIT},eq=brightness=0.28:contrast=0.7`,
          audio: quiet(),
        },
        {
          name: 'talking (flite, a Scottish man)',
          expect: ['speech'],
          video: still(man),
          filter: FIT,
          audio: flite('awb', QUESTION),
        },
        {
          name: 'talking Russian over room noise (espeak-ng ru)',
          expect: ['speech'],
          video: still(man),
          filter: FIT,
          audio: over(spokenWav('ru', RU), pink(0.06)),
          voice: sound(spokenWav('ru', RU)),
        },
        {
          name: 'music alone',
          expect: ['noise'],
          video: still(man),
          filter: FIT,
          audio: tones(0.08),
        },
        {
          name: 'talking over music (espeak-ng en+f3, a woman)',
          expect: ['speech'],
          video: still(man),
          filter: FIT,
          audio: over(spokenWav('en+f3', QUESTION), tones(0.04)),
          voice: sound(spokenWav('en+f3', QUESTION)),
        },
        { name: 'alone, quiet', seconds: 3, expect: [], video: still(man, 3), filter: FIT, audio: quiet(3) },
        {
          name: 'someone comes in for 3 s',
          seconds: 3,
          expect: ['many_faces'],
          video: two(man, testPicturePath('messi'), 3),
          filter: `[0:v]${FIT}[s];[1:v]crop=160:120:160:50,scale=110:-2[o];[s][o]overlay=W-w:0`,
          audio: quiet(3),
        },
        { name: 'alone again', seconds: 3, expect: [], video: still(man, 3), filter: FIT, audio: quiet(3) },
        {
          name: 'someone else in the seat',
          expect: ['face_mismatch'],
          video: still(testPicturePath('astronaut')),
          filter: FIT,
          audio: quiet(),
        },
        { name: 'back, alone', expect: [], video: still(man), filter: FIT, audio: quiet() },
      ];
    },
  },
  {
    // A black-and-white portrait: Kazakh and Russian voices, noise, objects prohibited and not, the
    // student far away (too far, and not to be taken for someone else), nobody with a voice off camera.
    name: 'objects_and_distance',
    identityPhoto: () => photo(testPicturePath('einstein')),
    segments: () => {
      const einstein = testPicturePath('einstein');
      const table = testPicturePath('phoneOnTable');
      return [
        { name: 'alone', expect: [], video: still(einstein), filter: FIT, audio: quiet() },
        {
          name: 'talking Kazakh (espeak-ng kk)',
          expect: ['speech'],
          video: still(einstein),
          filter: FIT,
          audio: sound(spokenWav('kk', KK)),
        },
        {
          name: 'a fan running',
          expect: ['noise'],
          video: still(einstein),
          filter: FIT,
          audio: `anoisesrc=d=${SECONDS}:c=brown:a=0.25:r=48000:seed=7`,
        },
        { name: 'alone, quiet', expect: [], video: still(einstein), filter: FIT, audio: quiet() },
        {
          name: 'holding a phone',
          expect: ['prohibited_objects'],
          video: two(einstein, table),
          // Below the face: a phone over the face hides the eyes and the mouth from the face models.
          filter: `[0:v]${FIT}[s];[1:v]${PHONE}[p];[s][p]overlay=W-w:H-h`,
          audio: quiet(),
        },
        {
          name: 'a mug and a banana on the desk',
          expect: [],
          video: [...still(einstein), ...still(table), ...still(table)],
          filter: `[0:v]${FIT}[s];[1:v]${MUG}[m];[2:v]${BANANA}[b];[s][m]overlay=0:130[sm];[sm][b]overlay=170:170`,
          audio: quiet(),
        },
        {
          name: 'far from the camera',
          // Too far, and too small to judge identity on: no face_mismatch here.
          expect: ['too_far'],
          video: still(einstein),
          filter: 'scale=34:38,pad=320:240:140:90:color=gray',
          audio: quiet(),
        },
        {
          name: 'someone else in the seat',
          expect: ['face_mismatch'],
          video: still(testPicturePath('man')),
          filter: FIT,
          audio: quiet(),
        },
        {
          name: 'nobody, a voice off camera (espeak-ng ru)',
          expect: ['face_missing', 'speech'],
          video: ['-f', 'lavfi', '-t', String(SECONDS), '-i', 'color=c=0x404040:s=320x240:r=10'],
          filter: 'null',
          audio: sound(spokenWav('ru', RU)),
        },
        { name: 'back, alone', expect: [], video: still(einstein), filter: FIT, audio: quiet() },
      ];
    },
  },
  {
    // The Yale face under four lightings, a louder room, a person with glasses coming in, another
    // person in the seat.
    name: 'yale_lighting',
    identityPhoto: () => photo(testPicturePath('yaleLighting'), yale(0)),
    segments: () => {
      const lbp = testPicturePath('yaleLighting');
      const faces = testPicturePath('fourFaces');
      const lit = (tile: 0 | 1 | 2 | 3) => `${yale(tile)},${FIT}`;
      return [
        { name: 'lit from the front', expect: [], video: still(lbp), filter: lit(0), audio: quiet() },
        { name: 'lit from one side', expect: [], video: still(lbp), filter: lit(1), audio: quiet() },
        { name: 'a dim room', expect: [], video: still(lbp), filter: lit(2), audio: quiet() },
        {
          name: 'talking over a noisy room (flite, a man)',
          expect: ['speech'],
          video: still(lbp),
          filter: lit(0),
          audio: mixed(flite('rms', QUESTION), pink(0.08)),
          voice: flite('rms', QUESTION),
        },
        {
          name: 'a loud room',
          expect: ['noise'],
          video: still(lbp),
          filter: lit(0),
          audio: `anoisesrc=d=${SECONDS}:c=white:a=0.1:r=48000:seed=7`,
        },
        {
          name: 'alone, quiet',
          seconds: 3,
          expect: [],
          video: still(lbp, 3),
          filter: lit(0),
          audio: quiet(3),
        },
        {
          name: 'someone with glasses comes in for 3 s',
          seconds: 3,
          expect: ['many_faces'],
          video: two(lbp, faces, 3),
          filter: `[0:v]${lit(0)}[s];[1:v]${FACEREG.glasses},scale=90:90[o];[s][o]overlay=W-w:10`,
          audio: quiet(3),
        },
        {
          name: 'alone again',
          seconds: 3,
          expect: [],
          video: still(lbp, 3),
          filter: lit(0),
          audio: quiet(3),
        },
        {
          name: 'someone else in the seat',
          expect: ['face_mismatch'],
          video: still(faces),
          filter: `${FACEREG.man},${FIT}`,
          audio: quiet(),
        },
        { name: 'back, lit from the front', expect: [], video: still(lbp), filter: lit(0), audio: quiet() },
      ];
    },
  },
  {
    // A student with glasses and a darker skin than the others (facereg.jpg, small and with its
    // tutorial's landmark dots): low light, a man's voice, another person in the seat, two people,
    // a phone.
    name: 'glasses',
    identityPhoto: () => photo(testPicturePath('fourFaces'), FACEREG.glasses),
    segments: () => {
      const faces = testPicturePath('fourFaces');
      const student = `${FACEREG.glasses},${FIT}`;
      return [
        { name: 'alone', expect: [], video: still(faces), filter: student, audio: quiet() },
        {
          name: 'alone in a dim room',
          expect: [],
          video: still(faces),
          filter: `${student},eq=gamma=0.6:contrast=0.75:brightness=-0.06`,
          audio: quiet(),
        },
        {
          name: 'talking (espeak-ng en+m3, a man)',
          expect: ['speech'],
          video: still(faces),
          filter: student,
          audio: sound(spokenWav('en+m3', QUESTION)),
        },
        { name: 'alone, quiet', expect: [], video: still(faces), filter: student, audio: quiet() },
        {
          name: 'someone else in the seat',
          expect: ['face_mismatch'],
          video: still(faces),
          filter: `${FACEREG.darkHaired},${FIT}`,
          audio: quiet(),
        },
        {
          name: 'two people',
          expect: ['many_faces'],
          video: two(faces, faces),
          filter: `[0:v]${FACEREG.glasses},scale=150:150[a];[1:v]${FACEREG.man},scale=150:150[b];[a][b]hstack=inputs=2,${FIT}`,
          audio: quiet(),
        },
        {
          name: 'holding a phone',
          expect: ['prohibited_objects'],
          video: two(faces, testPicturePath('phoneOnTable')),
          // The student smaller and to the left, the phone beside the face rather than over it.
          filter: `[0:v]${FACEREG.glasses},scale=170:170,pad=320:240:0:35:color=gray[s];[1:v]${PHONE}[p];[s][p]overlay=150:70`,
          audio: quiet(),
        },
        { name: 'back, alone', expect: [], video: still(faces), filter: student, audio: quiet() },
      ];
    },
  },
];

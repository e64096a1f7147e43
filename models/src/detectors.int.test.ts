import { beforeAll, describe, expect, it } from 'vitest';
import { loadAudio, loadPicture, testPicturePath } from '../test/media';
import { faceEmbedding, faceSimilarity } from './face-embedding';
import { detectFaces, faceHeightShare } from './face-detector';
import { faceLandmarks, fivePoints } from './face-landmarks';
import { headPose } from './head-pose';
import type { RgbImage } from './image';
import { serverSession } from './node-sessions';
import type { ModelSession } from './runtime';
import { loudnessDbfs, VoiceActivity } from './voice-activity';

/**
 * The runners against the real models (fetched by models/scripts/fetch-models.mjs) on real pictures from
 * Debian packages and on speech synthesised by ffmpeg's flite: what each detector must tell apart.
 */
let detector: ModelSession;
let landmarks: ModelSession;
let pose: ModelSession;
let embedder: ModelSession;

beforeAll(async () => {
  [detector, landmarks, pose, embedder] = await Promise.all([
    serverSession('face-detect-rfb320'),
    serverSession('face-landmarks-68'),
    serverSession('head-pose'),
    serverSession('face-embedding'),
  ]);
});

async function embeddingOf(image: RgbImage, index = 0): Promise<Float32Array> {
  const faces = await detectFaces(detector, image);
  return faceEmbedding(embedder, image, fivePoints(await faceLandmarks(landmarks, image, faces[index]!)));
}

describe('face detection', () => {
  it('finds the one face of a portrait where it is', async () => {
    const image = loadPicture(testPicturePath('astronaut'));
    const faces = await detectFaces(detector, image);
    expect(faces).toHaveLength(1);
    const [face] = faces as [(typeof faces)[0]];
    // The astronaut's face is in the upper middle of the 512 × 512 picture.
    expect(face.x1).toBeGreaterThan(150);
    expect(face.x2).toBeLessThan(300);
    expect(face.y1).toBeGreaterThan(30);
    expect(face.y2).toBeLessThan(210);
    expect(face.score).toBeGreaterThan(0.9);
    expect(faceHeightShare(face, image)).toBeGreaterThan(0.15);
  });

  it('counts four faces in a group picture', async () => {
    expect(await detectFaces(detector, loadPicture(testPicturePath('fourFaces')))).toHaveLength(4);
  });

  it('finds no face in a picture without people', async () => {
    const { execFileSync } = await import('node:child_process');
    const data = execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=320x240:d=1', '-frames:v', '1'],
      ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    ]);
    const image = { width: 320, height: 240, data: new Uint8Array(data) };
    expect(await detectFaces(detector, image)).toEqual([]);
  });

  it('sees a face far from the camera as a small share of the frame', async () => {
    const near = await detectFaces(detector, loadPicture(testPicturePath('astronaut')));
    const far = await detectFaces(detector, loadPicture(testPicturePath('phoneOnTable')));
    expect(far.length).toBeGreaterThan(0);
    expect(faceHeightShare(far[0]!, { height: 829 })).toBeLessThan(0.05);
    expect(faceHeightShare(near[0]!, { height: 512 })).toBeGreaterThan(0.15);
  });
});

describe('head pose', () => {
  it('reads a frontal face as looking at the camera, and a turned one as turned, mirrored as mirrored', async () => {
    const frontal = loadPicture(testPicturePath('astronaut'));
    const frontalPose = await headPose(pose, frontal, (await detectFaces(detector, frontal))[0]!);
    expect(Math.abs(frontalPose.yaw)).toBeLessThan(10);

    const turned = loadPicture(testPicturePath('messi'));
    const turnedPose = await headPose(pose, turned, (await detectFaces(detector, turned))[0]!);
    const mirrored = loadPicture(testPicturePath('messi'), undefined, true);
    const mirroredPose = await headPose(pose, mirrored, (await detectFaces(detector, mirrored))[0]!);
    expect(Math.abs(turnedPose.yaw)).toBeGreaterThan(15);
    // Mirroring turns the head the other way by about as much.
    expect(Math.sign(mirroredPose.yaw)).toBe(-Math.sign(turnedPose.yaw));
    expect(Math.abs(mirroredPose.yaw + turnedPose.yaw)).toBeLessThan(10);
  });
});

describe('identity', () => {
  it('matches one person across sizes and tells different people apart', async () => {
    const astronaut = await embeddingOf(loadPicture(testPicturePath('astronaut')));
    const astronautSmall = await embeddingOf(loadPicture(testPicturePath('astronaut'), 256));
    const messi = await embeddingOf(loadPicture(testPicturePath('messi')));
    expect(astronaut).toHaveLength(512);
    expect(faceSimilarity(astronaut, astronautSmall)).toBeGreaterThan(0.85);
    expect(faceSimilarity(astronaut, messi)).toBeLessThan(0.4);
    const group = loadPicture(testPicturePath('fourFaces'));
    const others = await Promise.all([0, 1, 2, 3].map((i) => embeddingOf(group, i)));
    for (const other of others) expect(faceSimilarity(astronaut, other)).toBeLessThan(0.4);
  });
});

describe('voice activity and loudness', () => {
  it('hears speech as speech and noise as no speech', async () => {
    const vad = await serverSession('voice-activity-silero-v5');
    const speech = loadAudio([
      '-f',
      'lavfi',
      '-i',
      "flite=text='Please open the second question and read it aloud'",
    ]);
    const noise = loadAudio(['-f', 'lavfi', '-i', 'anoisesrc=d=3:c=pink:a=0.3']);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const speechProbabilities = await new VoiceActivity(vad).frames(speech);
    const noiseProbabilities = await new VoiceActivity(vad).frames(noise);
    expect(mean(speechProbabilities)).toBeGreaterThan(0.5);
    expect(mean(noiseProbabilities)).toBeLessThan(0.1);
    // Loud noise is still loud: the noise detector measures loudness, not speech.
    expect(loudnessDbfs(noise)).toBeGreaterThan(-40);
    expect(loudnessDbfs(new Float32Array(16_000))).toBe(-120);
  });

  it('is sure of speech from its first second, and of speech over music-like tones', async () => {
    const vad = await serverSession('voice-activity-silero-v5');
    const sure = (probabilities: number[]) => probabilities.filter((p) => p >= 0.9).length;
    const text = "flite=text='Can you tell me the answer to the third question please, I do not know it'";
    const speech = loadAudio(['-f', 'lavfi', '-i', `${text}:voice=slt`]);
    // Without the 64 samples of context the model expects, this first second had 2 sure frames of 31.
    expect(sure(await new VoiceActivity(vad).frames(speech.subarray(0, 16_000)))).toBeGreaterThanOrEqual(15);
    const overTones = loadAudio([
      ...['-f', 'lavfi', '-i', `${text}:voice=awb`],
      ...[
        '-f',
        'lavfi',
        '-i',
        'aevalsrc=0.05*sin(2*PI*220*t)+0.05*sin(2*PI*277*t)+0.05*sin(2*PI*330*t):s=8000:d=3',
      ],
      ...['-filter_complex', '[0][1]amix=inputs=2:duration=shortest:normalize=0'],
    ]);
    const perSecond = await new VoiceActivity(vad).frames(overTones.subarray(0, 32_000));
    expect(sure(perSecond.slice(0, 31))).toBeGreaterThanOrEqual(10);
    expect(sure(perSecond.slice(31))).toBeGreaterThanOrEqual(10);
  });
});

import { availableParallelism } from 'node:os';
import {
  detectObjects,
  detectFaces,
  eyeGaze,
  faceEmbedding,
  faceLandmarks,
  faceSimilarity,
  fivePoints,
  headPose,
  resize,
  pooledServerSession,
  serverIrisModel,
  serverObjectModel,
  serverSession,
  type DetectedObject,
  type Gaze,
  type HeadPose,
  type RgbImage,
} from '@sabaq/models/node';
import { anomaliesOf, sustainedIntervals, type AudioSignal, type FrameSignal } from './anomalies';
import { evenLighting } from './lighting';
import { FRAME_HEIGHT, FRAME_WIDTH, sampledFrames } from './media-input';
import { ObjectLookSchedule, verdictSpans } from './object-looks';
import { PendingReadings } from './pending-readings';
import { sceneChanged, sceneSignature, type SceneSignature } from './scene-change';
import { RegionAnswers, regionSignature } from './region-reuse';
import { EYES_REUSE, eyesRegion, POSE_REUSE, poseRegion } from './cascade-regions';
import { hearSeconds } from './hear-seconds';
import { detectWithLighting, FaceDetections, type FaceDetection } from './face-reuse';
import { setIdentitySpans, thumbnailsOf } from './analysis-result';
import {
  FACE_MODEL_IDS,
  IRIS_MODEL_ID,
  modelVersions,
  OBJECT_MODEL_ID,
  VOICE_MODEL_ID,
} from './analysis-models';
import type { AnalysisResult, AnalyzeOptions, DetectorCost } from './analysis-types';

// Callers take the run's types and the model list from here, beside the run itself.
export type { AnalysisProgress, AnalysisResult, AnalyzeOptions, DetectorCost } from './analysis-types';
export { modelVersions } from './analysis-models';

/**
 * Frames analysed at once: two per onnx worker (one per core), so that while a worker computes one
 * frame's pose this thread prepares the next frame's input.
 */
const FRAMES_IN_FLIGHT = Math.max(2, Math.min(8, 2 * availableParallelism()));

/** Frames the object detector may lag behind the face models before reading stops to wait. */
const MAX_OBJECT_BACKLOG = 12;

/**
 * Eye readings the iris worker may lag behind the frames before reading stops to wait: each holds its
 * frame (230 KB at 320 × 240) and the crops, so at most a few MB however long the recording.
 */
const MAX_EYE_BACKLOG = 8;

/** Anomalous frames kept for thumbnails, at 160 × 120 (57 KB each): about 70 MB at most. */
const MAX_KEPT_FRAMES = 1200;

/**
 * Re-analyses one recording: samples frames and audio through ffmpeg (streams, no temporary files), runs
 * the detectors on each, and turns sustained anomalies into intervals. Video and audio are read side by
 * side so a long recording never sits in memory.
 */
export async function analyzeRecording(options: AnalyzeOptions): Promise<AnalysisResult> {
  const { settings } = options;
  const framesInFlight = options.framesInFlight ?? FRAMES_IN_FLIGHT;
  // The face models run in the onnx worker threads (pooledServerSession: onnxruntime-node computes on
  // the calling thread, and this is the api process); the voice model's calls are tiny and stay here.
  const [detector, landmarker, poser, embedder] = FACE_MODEL_IDS.map((id) => pooledServerSession(id));
  const faceModels = { detector, landmarker, poser, embedder };
  const [vadSession, objectModel, irisModel] = await Promise.all([
    options.voice === false ? null : serverSession(VOICE_MODEL_ID),
    options.objects === false ? null : serverObjectModel(OBJECT_MODEL_ID, settings.objectInputSize),
    options.eyes === false ? null : serverIrisModel(IRIS_MODEL_ID),
  ]);
  const irisAtStart = { ...(irisModel?.computed ?? { ms: 0, runs: 0 }) };
  let identity: Float32Array | null = null;
  let identityStatus: AnalysisResult['identity'] = options.identityPhoto ? 'no_face' : 'none';
  if (options.identityPhoto) {
    const photo = evenLighting(options.identityPhoto);
    const faces = await detectFaces(detector!, photo);
    if (faces[0]) {
      identityStatus = 'compared';
      identity = await faceEmbedding(
        embedder!,
        photo,
        fivePoints(await faceLandmarks(landmarker!, photo, faces[0])),
      );
    }
  }

  const byIndex = new Map<number, FrameSignal>();
  const costs: Record<string, DetectorCost> = {};
  /** Wall time of each model call (under the pipeline's concurrency, so including waiting for a core). */
  const timed = async <T>(name: string, run: () => Promise<T>, index?: number): Promise<T> => {
    if (index !== undefined) await options.beforeModelCall?.(name, index);
    const start = performance.now();
    try {
      return await run();
    } finally {
      const cost = (costs[name] ??= { ms: 0, runs: 0 });
      cost.ms += performance.now() - start;
      cost.runs += 1;
    }
  };
  const objectLooks = { looked: 0, carried: 0 };
  const poses = new RegionAnswers<HeadPose>({ ...POSE_REUSE, maxAgeFrames: settings.reuseMaxAgeFrames });
  const gazes = new RegionAnswers<Gaze>({ ...EYES_REUSE, maxAgeFrames: settings.reuseMaxAgeFrames });
  const similarities = new RegionAnswers<number>({ ...POSE_REUSE, maxAgeFrames: settings.reuseMaxAgeFrames });
  const heard = { ran: 0, gated: 0 };
  const kept = new Map<number, RgbImage>();
  const audio: AudioSignal[] = [];
  let videoAt = 0;
  let audioAt = 0;
  let reported = -1;
  const progress = async () => {
    const at = Math.floor(Math.min(videoAt, audioAt));
    if (Number.isFinite(at) && at > reported) {
      reported = at;
      await options.onProgress?.({ analysedSeconds: at });
    }
  };

  /**
   * Eye readings run in the iris model's worker while the frames go on (the face models never wait for
   * them); each one fills its frame's signal when done, and all are in before the anomalies are merged.
   */
  const eyeReadings = irisModel ? new PendingReadings(MAX_EYE_BACKLOG) : null;
  /** A frame anomalous by itself keeps a small picture for the thumbnails. */
  const keepIfAnomalous = (signal: FrameSignal, image: RgbImage) => {
    if (kept.has(signal.t) || kept.size >= MAX_KEPT_FRAMES) return;
    const anomalous = [...anomaliesOf([signal], [], settings).values()].some((a) => a.length > 0);
    if (anomalous) kept.set(signal.t, resize(image, 160, 120));
  };

  const detect = (frame: RgbImage, index: number) =>
    detectWithLighting(frame, settings.faceMinScore, (image) =>
      timed('face-detect', () => detectFaces(detector!, image, { minScore: 0.3 }), index),
    );
  const detections = new FaceDetections(settings.faceReuseMaxAgeFrames);

  /**
   * Everything the face models see in one frame; objects are the schedule's (below), eyes are read apart.
   * `detection` is the frame's own face detection, or an earlier frame's where the picture is unchanged
   * (face-reuse.ts): its faces then stand here, on this frame's pixels, stretched as that frame's were.
   */
  const look = async (
    frame: RgbImage,
    t: number,
    index: number,
    compareIdentity: boolean,
    found: { detection: Promise<FaceDetection>; own: boolean },
  ) => {
    const detection = await found.detection;
    const candidates = detection.candidates;
    const image = found.own ? detection.image : detection.stretched ? evenLighting(frame) : frame;
    const faces = candidates
      .filter((f) => f.score >= settings.faceMinScore)
      .map((f) => ({ box: f, score: f.score, share: (f.y2 - f.y1) / FRAME_HEIGHT }));
    const main = faces[0];
    const signal: FrameSignal = {
      t,
      faces: faces.map(({ score, share }) => ({ score, share })),
      bestScore: candidates[0]?.score ?? 0,
      pose: null,
      eyes: null,
      identity: null,
      objects: null,
    };
    // The cascade's reuse decisions are made in frame order (region-reuse.ts): every frame takes its
    // turn in each of them, needing the model or not, so a reused answer never depends on which of the
    // frames in flight got there first. A frame that fails passes the turns it did not take.
    const asked = { pose: false, eyes: false, identity: false };
    try {
      if (main) {
        // The cascade: the pose runs where the face's region changed since the frame it last ran on.
        const faceSignature = regionSignature(image, poseRegion(main.box), POSE_REUSE.cell);
        asked.pose = true;
        const p = await poses.answer(index, faceSignature, () =>
          timed('head-pose', () => headPose(poser!, image, main.box), index),
        );
        signal.pose = { yaw: p.yaw, pitch: p.pitch };
        // A face below the distance threshold is too_far already, and too few pixels for the embedding:
        // comparing it took a distant student for someone else.
        const compare = compareIdentity && main.share >= settings.minFaceShare;
        // The eyes are read only where they can be told apart from everything else: one face, near
        // enough, its head not turned (a turned head is head_turned already).
        const lookAtEyes =
          eyeReadings !== null &&
          index % settings.eyesEveryFrames === 0 &&
          faces.length === 1 &&
          main.share >= settings.minFaceShare &&
          Math.abs(p.yaw) <= settings.maxYaw &&
          Math.abs(p.pitch) <= settings.maxPitch;
        // The landmarks serve both the eyes and identity: computed once, only if one of them needs them.
        let marks: ReturnType<typeof faceLandmarks> | null = null;
        const landmarks = () =>
          (marks ??= timed('face-landmarks', () => faceLandmarks(landmarker!, image, main.box), index));
        if (lookAtEyes) {
          // The cascade: the iris model reads the eyes where their band of the face changed since its
          // last reading; otherwise that reading stands (the landmarks are then not needed for the eyes).
          // The crops are cut as soon as the landmarks are in (eyeGaze's synchronous part); the frame
          // does not wait for the iris, nor for its turn to decide.
          const eyesSignature = regionSignature(image, eyesRegion(main.box), EYES_REUSE.cell);
          asked.eyes = true;
          const reading = gazes.answer(index, eyesSignature, async () => {
            const points = await landmarks();
            await options.beforeModelCall?.('eyes', index);
            return eyeGaze(irisModel!, image, points);
          });
          eyeReadings!.add(
            reading.then((gaze) => {
              signal.eyes = { horizontal: gaze.horizontal, openness: gaze.openness, width: gaze.width };
              keepIfAnomalous(signal, frame);
            }),
          );
        }
        if (compare) {
          // The cascade: a comparison on a face region unchanged since the last one takes its similarity.
          asked.identity = true;
          signal.identity = await similarities.answer(index, faceSignature, async () => {
            const points = fivePoints(await landmarks());
            const embedding = await timed(
              'face-embedding',
              () => faceEmbedding(embedder!, image, points),
              index,
            );
            return faceSimilarity(identity!, embedding);
          });
        }
      }
    } finally {
      if (!asked.pose) void poses.pass(index);
      if (!asked.eyes) void gazes.pass(index);
      if (!asked.identity) void similarities.pass(index);
    }
    byIndex.set(index, signal);
    keepIfAnomalous(signal, frame);
  };

  // The object detector is the slow one (about 0.2 s a frame on a quiet core, an order of magnitude
  // more than all the face models together): it runs in its worker thread beside the face models, on
  // the frames object-looks.ts picks.
  const schedule = objectModel
    ? new ObjectLookSchedule<RgbImage, DetectedObject>({
        every: settings.objectsEveryFrames,
        mode: settings.objectLooks,
        maxStaleFrames: settings.objectsMaxStaleFrames,
        look: async (image, index) => {
          const found = await timed(
            'objects',
            () => detectObjects(objectModel, image, { minScore: settings.objectMinScore }),
            index,
          );
          const t = index / settings.framesPerSecond;
          if (found.length && kept.size < MAX_KEPT_FRAMES) kept.set(t, resize(image, 160, 120));
          return found;
        },
      })
    : null;

  const video = (async () => {
    // Frames are looked at a few at a time: each model runs on one thread, so while one frame's pose
    // is computed the next frame's faces are found on another core. Order is restored by index later.
    const inFlight = new Set<Promise<void>>();
    let index = 0;
    let identitySignature: SceneSignature | null = null;
    for await (const frame of sampledFrames(options.input, settings.framesPerSecond)) {
      const image: RgbImage = { width: FRAME_WIDTH, height: FRAME_HEIGHT, data: frame.data };
      const signature = sceneSignature(image);
      // Identity is compared every head_compare.interval and also wherever the scene changed since the
      // last comparison: someone taking the seat changes it, and is then seen where they sit down
      // instead of up to an interval later (a swap shorter than two intervals was missed otherwise).
      const compareIdentity =
        identity !== null &&
        (index % settings.identityEveryFrames === 0 ||
          (identitySignature !== null && sceneChanged(identitySignature, signature)));
      if (compareIdentity) identitySignature = signature;
      // The cascade's first step, decided here in frame order: an unchanged picture reuses the faces.
      // Frames that read the eyes or compare identity find their own faces: the iris reading hangs on
      // the landmarks, which move with the box, and a box from the frame before (the same picture within
      // 8 grey levels) tipped a borderline reading over the threshold on the recordings (a false
      // eye_away); with their own boxes these readings are exactly those of the pipeline without reuse.
      const ownFaces = compareIdentity || (irisModel !== null && index % settings.eyesEveryFrames === 0);
      const found = detections.detection(index, signature, () => detect(image, index), ownFaces);
      const job = look(image, frame.t, index, compareIdentity, found).finally(() => inFlight.delete(job));
      inFlight.add(job);
      if (schedule) {
        const handled = schedule.push(index, image, signature);
        // The detector's backlog holds frames in memory: wait for it rather than read ahead.
        if (schedule.backlog > MAX_OBJECT_BACKLOG) await handled;
      }
      index += 1;
      if (inFlight.size >= framesInFlight) await Promise.race(inFlight);
      // The eye readings' backlog holds frames in memory too: wait for it rather than read ahead.
      await eyeReadings?.settle();
      videoAt = Math.max(
        0,
        frame.t + 1 / settings.framesPerSecond - framesInFlight / settings.framesPerSecond,
      );
      await progress();
    }
    await Promise.all(inFlight);
    await eyeReadings?.finish();
    if (schedule) {
      const verdicts = await schedule.finish();
      const spans = verdictSpans(verdicts, settings.objectsEveryFrames, index, settings.framesPerSecond);
      for (const verdict of verdicts) {
        const signal = byIndex.get(verdict.index);
        if (!signal) continue;
        signal.objects = verdict.objects.map((o) => ({
          label: o.label,
          score: o.score,
          minScore: settings.objectMinScore[o.label],
        }));
        signal.objectsSpan = spans.get(verdict.index)!;
      }
      objectLooks.looked = schedule.looks;
      objectLooks.carried = verdicts.filter((v) => !v.looked).length;
    }
    // The last frames in flight are done: the video is analysed to its end.
    videoAt = index / settings.framesPerSecond;
    await progress();
    videoAt = Number.POSITIVE_INFINITY;
  })();

  const sound = (async () => {
    await hearSeconds({
      input: options.audioInput ?? options.input,
      vadSession,
      gateDbfs: settings.voiceGateDbfs,
      heard,
      timed: (run) => timed('voice-activity', run),
      onSecond: async (second) => {
        audio.push(second);
        audioAt = second.t + 1;
        await progress();
      },
    });
    audioAt = Number.POSITIVE_INFINITY;
  })();

  await Promise.all([video, sound]);
  const faceCosts = {
    'face-detect': faceModels.detector,
    'head-pose': faceModels.poser,
    'face-landmarks': faceModels.landmarker,
    'face-embedding': faceModels.embedder,
  };
  // The iris worker is shared by every analysis in the process: count this run's share only.
  if (irisModel && irisModel.computed.runs > irisAtStart.runs) {
    costs.eyes = {
      ms: irisModel.computed.ms - irisAtStart.ms,
      runs: irisModel.computed.runs - irisAtStart.runs,
    };
  }
  for (const [name, session] of Object.entries(faceCosts)) {
    // The identity photo's own runs (before the recording) are in the counts too: a handful of ms.
    if (session!.computed.runs > 0) costs[name] = { ...session!.computed };
  }
  const frames = [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, signal]) => signal);
  setIdentitySpans(frames, settings);
  const intervals = sustainedIntervals(anomaliesOf(frames, audio, settings), settings);
  return {
    intervals,
    frames: frames.length,
    audioSeconds: audio.length,
    models: modelVersions().filter(
      (m) =>
        (objectModel || !m.startsWith(`${OBJECT_MODEL_ID}@`)) &&
        (irisModel || !m.startsWith(`${IRIS_MODEL_ID}@`)) &&
        (vadSession || !m.startsWith(`${VOICE_MODEL_ID}@`)),
    ),
    identity: identityStatus,
    signals: frames,
    thumbnails: thumbnailsOf(intervals, kept),
    costs,
    objectLooks,
    cascade: {
      'face-detect': { looked: detections.ran, of: detections.ran + detections.reused },
      'head-pose': { looked: poses.ran, of: poses.ran + poses.reused },
      'face-embedding': { looked: similarities.ran, of: similarities.ran + similarities.reused },
      eyes: { looked: gazes.ran, of: gazes.ran + gazes.reused },
      objects: { looked: objectLooks.looked, of: objectLooks.looked + objectLooks.carried },
      'voice-activity': { looked: heard.ran, of: heard.ran + heard.gated },
    },
  };
}

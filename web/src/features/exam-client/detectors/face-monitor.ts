import type { ProctoringSettings } from '@sabaq/events';
import type { ClientSignal } from '../checks/client-checks';
import { cameraThresholds } from './camera-thresholds';
import { CameraVerdicts } from './camera-verdicts';
import { examProbe, timedOnPage } from './exam-probe';
import type { CameraCheck, FaceWorkerInit, FromFaceWorker, ToFaceWorker } from './face-protocol';

/** Two looks a second: enough for a face that stays away for the tolerance (1.5 s by default). */
export const FACE_FRAME_MS = 500;
/** The face model's first verdict may take this long (loading and compiling it on a slow machine). */
export const FACE_FIRST_RESULT_MS = 60_000;
/** Once running, a gap this long without a verdict means the detector cannot keep up. */
export const FACE_STALL_MS = 10_000;
/** The frame rate asked of the detector's own copy of the camera track (it looks at two a second). */
const FRAMES_PER_SECOND_READ = 5;
export const FACE_MODEL_URL = '/models/face-detect-rfb320.onnx';
const modelUrl = (id: string) => new URL(`/models/${id}.onnx`, location.href).href;

/**
 * The camera's detectors in a worker: faces counted twice a second (`face_missing`, `many_faces`,
 * `too_far`), the head's pose (`head_turned`) when head_tracking is on, the live face against the
 * identification photo (`face_mismatch`) when head_identity is on and a photo is known; each posted once
 * it lasts the settings' head tolerance (camera-verdicts.ts). Each model loads only for the checks that
 * need it; one that fails to load leaves its check quiet and calls `onUnavailable`. Stopping it ends the
 * conditions still open. In Chromium the
 * page reads the camera's frames (MediaStreamTrackProcessor) and transfers one to the worker whenever it
 * is free; elsewhere the page grabs a small bitmap twice a second and transfers it.
 */
export function startFaceMonitor(
  camera: MediaStream,
  settings: ProctoringSettings,
  emit: (signal: ClientSignal) => void,
  options: {
    photo?: string;
    /** A check that cannot run (its model did not load, or the machine is too slow), with why. */
    onUnavailable?: (check: CameraCheck, reason: string) => void;
    /** Every model asked for has loaded or failed: the worker's start-up work is over. */
    onLoaded?: () => void;
  } = {},
): () => void {
  const thresholds = cameraThresholds(settings);
  const verdicts = new CameraVerdicts(thresholds, settings.head_tracking);
  const worker = new Worker(new URL('./face-worker.ts', import.meta.url), { type: 'module' });
  let ready = false;
  let busy = false;
  const startedAt = Date.now();
  let lastResult: number | null = null;
  // A detector that gives no verdicts is said so, never silently absent: none since the start (the
  // models did not come), or none for a while (a machine too slow for them).
  let stallReported = false;
  const watchdog = setInterval(() => {
    if (stallReported) return;
    const now = Date.now();
    const silent =
      lastResult === null ? now - startedAt > FACE_FIRST_RESULT_MS : now - lastResult > FACE_STALL_MS;
    if (!silent) return;
    stallReported = true;
    const reason =
      lastResult === null
        ? `no verdict ${Math.round((now - startedAt) / 1000)} s after the start`
        : `no verdict for ${Math.round((now - lastResult) / 1000)} s (too slow a machine)`;
    examProbe.unavailable.push(`faces: ${reason}`);
    options.onUnavailable?.('faces', reason);
  }, 1_000);
  worker.onmessage = (event: MessageEvent<FromFaceWorker>) => {
    timedOnPage(() => {
      const message = event.data;
      if (message.type === 'ready') ready = true;
      else if (message.type === 'loaded') options.onLoaded?.();
      else if (message.type === 'unavailable') {
        examProbe.unavailable.push(`${message.check}: ${message.message}`);
        options.onUnavailable?.(message.check, message.message);
      } else if (message.type === 'error') {
        busy = false;
        examProbe.detectorErrors.push(message.message);
      } else {
        busy = false;
        lastResult = Date.now();
        examProbe.faceCounts.push(message.count);
        examProbe.inferenceMs = Math.max(examProbe.inferenceMs, message.ms);
        if (message.pose)
          examProbe.poses.push({ yaw: Math.round(message.pose.yaw), pitch: Math.round(message.pose.pitch) });
        if (message.similarity !== undefined)
          examProbe.similarities.push(Number(message.similarity.toFixed(3)));
        for (const signal of verdicts.update(message)) emit(signal);
      }
    });
  };
  // The exam is over: a condition still going on ends now, not at its last heartbeat.
  const closeConditions = () => {
    clearInterval(watchdog);
    for (const signal of verdicts.close(Date.now())) emit(signal);
  };
  const init: FaceWorkerInit = {
    type: 'init',
    modelUrl: modelUrl('face-detect-rfb320'),
    minScore: thresholds.faceMinScore,
    ...(settings.head_tracking
      ? { pose: { modelUrl: modelUrl('head-pose'), everyMs: thresholds.poseEveryMs } }
      : {}),
    ...(settings.head_identity && options.photo
      ? {
          identity: {
            landmarksUrl: modelUrl('face-landmarks-68'),
            embeddingUrl: modelUrl('face-embedding'),
            everyMs: thresholds.compareEveryMs,
            photo: options.photo,
          },
        }
      : {}),
  };
  worker.postMessage(init satisfies ToFaceWorker);

  // Chromium: the camera's frames read here and each one looked at transferred to the worker (a transfer
  // detaches the page's copy). The readable itself is not handed over: when Chromium cannot move its source
  // to the worker it pipes the frames through the page and clones them, and the page's unclosed originals
  // are then garbage collected ("A VideoFrame was garbage collected without being closed"), a stall.
  const track = camera.getVideoTracks()[0];
  const Processor = (
    globalThis as unknown as {
      MediaStreamTrackProcessor?: new (init: { track: MediaStreamTrack }) => {
        readable: ReadableStream<VideoFrame>;
      };
    }
  ).MediaStreamTrackProcessor;
  if (Processor && track) {
    // A clone, so that stopping the detector never stops the recording's track; a few frames a second is
    // all the detector looks at, so the camera need not hand over thirty.
    const own = track.clone();
    void own.applyConstraints({ frameRate: { max: FRAMES_PER_SECOND_READ } }).catch(() => undefined);
    let stopped = false;
    let lastSent = 0;
    void readFrames(new Processor({ track: own }).readable, (frame) => {
      const at = Date.now();
      if (stopped || !ready || busy || at - lastSent < FACE_FRAME_MS) return false;
      worker.postMessage({ type: 'frame', frame, at } satisfies ToFaceWorker, [frame]);
      busy = true;
      lastSent = at;
      return true;
    });
    return () => {
      stopped = true;
      closeConditions();
      worker.terminate();
      // Ends the readable: frames still coming are closed by readFrames until it is done.
      own.stop();
    };
  }

  // Elsewhere: a small bitmap grabbed here and transferred (not copied), skipped while the worker is busy.
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = camera;
  void video.play().catch(() => undefined);
  const timer = setInterval(() => {
    if (!ready || busy || video.readyState < 2) return;
    busy = true;
    const at = Date.now();
    createImageBitmap(video, {
      resizeWidth: 320,
      resizeHeight: Math.round((320 * video.videoHeight) / Math.max(1, video.videoWidth)),
    }).then(
      (frame) => worker.postMessage({ type: 'frame', frame, at } satisfies ToFaceWorker, [frame]),
      () => {
        busy = false;
      },
    );
  }, FACE_FRAME_MS);

  return () => {
    closeConditions();
    clearInterval(timer);
    worker.terminate();
    video.srcObject = null;
  };
}

/**
 * Reads every frame of `frames`: each is offered to `take`, which transfers it (true) or leaves it, and a
 * frame left is closed at once. Ends when the track ends; every frame read is closed or transferred.
 */
async function readFrames(
  frames: ReadableStream<VideoFrame>,
  take: (frame: VideoFrame) => boolean,
): Promise<void> {
  const reader = frames.getReader();
  for (;;) {
    const { value: frame, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
    if (done || !frame) return;
    let taken = false;
    try {
      taken = take(frame);
    } finally {
      if (!taken) frame.close();
    }
  }
}

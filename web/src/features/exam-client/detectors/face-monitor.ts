import type { ProctoringSettings } from '@sabaq/events';
import type { ClientSignal } from '../checks/client-checks';
import { Sustained, toleranceOf } from '../checks/sustained';
import { examProbe } from './exam-probe';
import type { FromFaceWorker, ToFaceWorker } from './face-protocol';

/** Two looks a second: enough for a face that stays away for the tolerance (1.5 s by default). */
export const FACE_FRAME_MS = 500;
export const FACE_MODEL_URL = '/models/face-detect-rfb320.onnx';

/**
 * Counts faces on the camera in a worker and posts `face_missing` (none) and `many_faces` (more than
 * one) once either lasts the settings' head tolerance. In Chromium the worker reads the camera's
 * frames itself (MediaStreamTrackProcessor's stream, transferred) and looks at two a second; elsewhere
 * the page grabs a small bitmap twice a second and transfers it.
 */
export function startFaceMonitor(
  camera: MediaStream,
  settings: ProctoringSettings,
  emit: (signal: ClientSignal) => void,
): () => void {
  const tolerance = toleranceOf(settings.head_tolerance);
  const missing = new Sustained(tolerance);
  const many = new Sustained(tolerance);
  const worker = new Worker(new URL('./face-worker.ts', import.meta.url), { type: 'module' });
  let ready = false;
  let busy = false;
  worker.onmessage = (event: MessageEvent<FromFaceWorker>) => {
    const message = event.data;
    if (message.type === 'ready') ready = true;
    else if (message.type === 'error') {
      busy = false;
      examProbe.detectorErrors.push(message.message);
    } else {
      busy = false;
      examProbe.faceCounts.push(message.count);
      examProbe.inferenceMs = Math.max(examProbe.inferenceMs, message.ms);
      if (missing.update(message.count === 0, message.at)) emit({ action_type: 'face_missing' });
      if (many.update(message.count > 1, message.at)) {
        emit({ action_type: 'many_faces', description: `${message.count} faces` });
      }
    }
  };
  const confidence = settings.head_position?.confidence;
  const init: ToFaceWorker = {
    type: 'init',
    modelUrl: new URL(FACE_MODEL_URL, location.href).href,
    minScore:
      typeof confidence === 'number' && confidence > 0 && confidence < 1 ? Math.max(confidence, 0.65) : 0.65,
  };
  worker.postMessage(init);

  // Chromium hands the camera's frames to the worker as a stream: nothing per frame on this thread.
  const track = camera.getVideoTracks()[0];
  const Processor = (
    globalThis as unknown as {
      MediaStreamTrackProcessor?: new (init: { track: MediaStreamTrack }) => {
        readable: ReadableStream<VideoFrame>;
      };
    }
  ).MediaStreamTrackProcessor;
  if (Processor && track) {
    // A clone, so that stopping the detector never stops the recording's track.
    const own = track.clone();
    const frames = new Processor({ track: own }).readable;
    worker.postMessage({ type: 'frames', frames, everyMs: FACE_FRAME_MS } satisfies ToFaceWorker, [frames]);
    return () => {
      worker.terminate();
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
    createImageBitmap(video, { resizeWidth: 320, resizeHeight: 240 }).then(
      (frame) => worker.postMessage({ type: 'frame', frame, at } satisfies ToFaceWorker, [frame]),
      () => {
        busy = false;
      },
    );
  }, FACE_FRAME_MS);

  return () => {
    clearInterval(timer);
    worker.terminate();
    video.srcObject = null;
  };
}

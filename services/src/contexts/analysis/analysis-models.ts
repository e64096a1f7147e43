import { manifest } from '@sabaq/models/node';

/** The models an analysis runs, by id in the models manifest. */
export const FACE_MODEL_IDS = [
  'face-detect-rfb320',
  'face-landmarks-68',
  'head-pose',
  'face-embedding',
] as const;
export const VOICE_MODEL_ID = 'voice-activity-silero-v5';
const MODEL_IDS = [...FACE_MODEL_IDS, VOICE_MODEL_ID] as const;

/** The object detector, a TensorFlow.js model run apart from the ONNX sessions (serverObjectModel). */
export const OBJECT_MODEL_ID = 'objects-centernet';
/** MediaPipe Iris for eyes away, a TensorFlow.js model in a worker of its own (serverIrisModel). */
export const IRIS_MODEL_ID = 'eyes-iris';

/** The models this run may use, as "id@package-version" (those missing from the machine left out). */
export function modelVersions(missing: ReadonlySet<string> = new Set()): string[] {
  const entries = manifest();
  return [...MODEL_IDS, OBJECT_MODEL_ID, IRIS_MODEL_ID]
    .filter((id) => !missing.has(id))
    .map((id) => {
      const entry = entries.find((m) => m.id === id)!;
      return `${id}@${entry.package}-${entry.version}`;
    });
}

import { SERVER_VIOLATION_TYPES, type DetectorOutcome } from '@sabaq/events';
import { modelAvailable } from '@sabaq/models/node';

type ViolationType = (typeof SERVER_VIOLATION_TYPES)[number];

/** Without these the analyzer sees no face at all: it does not start (docs/ai-analysis.md). */
export const REQUIRED_MODELS = ['face-detect-rfb320', 'face-landmarks-68', 'head-pose'] as const;

/** The models each detector needs, the required ones included. */
export const DETECTOR_MODELS: Record<ViolationType, readonly string[]> = {
  face_missing: REQUIRED_MODELS,
  many_faces: REQUIRED_MODELS,
  too_far: REQUIRED_MODELS,
  head_turned: REQUIRED_MODELS,
  eye_away: [...REQUIRED_MODELS, 'eyes-iris'],
  face_mismatch: [...REQUIRED_MODELS, 'face-embedding'],
  speech: ['voice-activity-silero-v5'],
  // Loudness needs no model, only sound.
  noise: [],
  prohibited_objects: ['objects-centernet'],
};

const OPTIONAL_MODELS = [...new Set(Object.values(DETECTOR_MODELS).flat())].filter(
  (id) => !(REQUIRED_MODELS as readonly string[]).includes(id),
);

/** The server's models absent from this machine: required ones (no analyzer) and optional ones. */
export function missingModels(available: (id: string) => boolean = modelAvailable) {
  return {
    required: REQUIRED_MODELS.filter((id) => !available(id)),
    optional: OPTIONAL_MODELS.filter((id) => !available(id)),
  };
}

/** What a run knew once it was done: models absent, the identity photo, the recording's sound. */
export interface RunFacts {
  missing: ReadonlySet<string>;
  identity: 'compared' | 'none' | 'no_face';
  audio: boolean;
}

/** Each detector of a run: it ran, or the first reason it could not (a missing model before the rest). */
export function detectorOutcomes(facts: RunFacts): DetectorOutcome[] {
  return SERVER_VIOLATION_TYPES.map((type) => {
    const skipped = (reason: NonNullable<DetectorOutcome['reason']>) => ({ type, ran: false, reason });
    if (DETECTOR_MODELS[type].some((id) => facts.missing.has(id))) return skipped('model_missing');
    if (type === 'face_mismatch' && facts.identity === 'none') return skipped('no_identity_photo');
    if (type === 'face_mismatch' && facts.identity === 'no_face') return skipped('no_face_on_identity_photo');
    if ((type === 'speech' || type === 'noise') && !facts.audio) return skipped('no_audio');
    return { type, ran: true, reason: null };
  });
}

import { describe, expect, it } from 'vitest';
import { detectorOutcomes, missingModels } from './detectors';

const byType = (outcomes: ReturnType<typeof detectorOutcomes>) =>
  Object.fromEntries(outcomes.map((o) => [o.type, o.ran ? 'ran' : o.reason]));

describe('which detectors a run reports as run, and why the others could not', () => {
  it('runs all nine with every model, an identity photo and sound', () => {
    const outcomes = detectorOutcomes({ missing: new Set(), identity: 'compared', audio: true });
    expect(outcomes).toHaveLength(9);
    expect(outcomes.every((o) => o.ran && o.reason === null)).toBe(true);
  });

  it('names the missing model first, then the identity photo and the sound', () => {
    const outcomes = detectorOutcomes({
      missing: new Set(['objects-centernet', 'voice-activity-silero-v5']),
      identity: 'none',
      audio: false,
    });
    expect(byType(outcomes)).toEqual({
      face_missing: 'ran',
      many_faces: 'ran',
      too_far: 'ran',
      head_turned: 'ran',
      eye_away: 'ran',
      face_mismatch: 'no_identity_photo',
      speech: 'model_missing',
      noise: 'no_audio',
      prohibited_objects: 'model_missing',
    });
    expect(
      byType(detectorOutcomes({ missing: new Set(['face-embedding']), identity: 'no_face', audio: true }))
        .face_mismatch,
    ).toBe('model_missing');
    expect(
      byType(detectorOutcomes({ missing: new Set(), identity: 'no_face', audio: true })).face_mismatch,
    ).toBe('no_face_on_identity_photo');
  });

  it('tells the models without which nothing runs from those that only leave a detector out', () => {
    const present = new Set(['face-detect-rfb320', 'head-pose', 'face-embedding', 'eyes-iris']);
    const missing = missingModels((id) => present.has(id));
    expect(missing.required).toEqual(['face-landmarks-68']);
    expect([...missing.optional].sort()).toEqual(['objects-centernet', 'voice-activity-silero-v5']);
  });
});

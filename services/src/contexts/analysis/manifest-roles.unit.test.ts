import { manifest } from '@sabaq/models/node';
import { describe, expect, it } from 'vitest';
import { DETECTOR_MODELS, REQUIRED_MODELS } from './detectors';

describe("the manifest's analyzer roles", () => {
  // /health (platform/http/worker-tools.ts) may not read this context: it reads the manifest's
  // `analyzer` field, which must say what the analyzer does.
  it('mark required the models the analyzer needs to start, optional the rest of its detectors', () => {
    const role = (which: string) =>
      manifest()
        .filter((m) => m.analyzer === which)
        .map((m) => m.id)
        .sort();
    expect(role('required')).toEqual([...REQUIRED_MODELS].sort());
    const used = new Set(Object.values(DETECTOR_MODELS).flat());
    expect(role('optional')).toEqual([...used].filter((id) => !role('required').includes(id)).sort());
  });
});

import { describe, expect, it } from 'vitest';
import { loadPicture, testPicturePath } from '../test/media';
import { detectFaces } from './face-detector';
import { headPose } from './head-pose';
import { serverSession } from './node-sessions';
import { pooledServerSession } from './worker-sessions';

/**
 * The models run in the onnx worker pool answer exactly as on the calling thread, several calls at once
 * included, and the pool counts what its runs computed.
 */
describe('models in the onnx worker pool', () => {
  it('finds the same faces and pose as a session on the calling thread, with calls in flight together', async () => {
    const portrait = loadPicture(testPicturePath('astronaut'), 320);
    const group = loadPicture(testPicturePath('fourFaces'), 640);
    const here = {
      detect: await serverSession('face-detect-rfb320'),
      pose: await serverSession('head-pose'),
    };
    const pooled = {
      detect: pooledServerSession('face-detect-rfb320'),
      pose: pooledServerSession('head-pose'),
    };

    const expected = await Promise.all([detectFaces(here.detect, portrait), detectFaces(here.detect, group)]);
    const found = await Promise.all([
      detectFaces(pooled.detect, portrait),
      detectFaces(pooled.detect, group),
      detectFaces(pooled.detect, portrait),
    ]);
    expect(found[0]).toEqual(expected[0]);
    expect(found[1]).toEqual(expected[1]);
    expect(found[2]).toEqual(expected[0]);
    expect(found[1]).toHaveLength(4);

    const face = expected[0]![0]!;
    expect(await headPose(pooled.pose, portrait, face)).toEqual(await headPose(here.pose, portrait, face));

    expect(pooled.detect.computed.runs).toBe(3);
    expect(pooled.detect.computed.ms).toBeGreaterThan(0);
    expect(pooled.pose.computed.runs).toBe(1);
  }, 60_000);

  it('refuses a model that was never fetched', () => {
    expect(() => pooledServerSession('no-such-model')).toThrow(/no model 'no-such-model'/);
  });
});

import { describe, expect, it } from 'vitest';
import type { AssignmentFacts } from '../proctoring/assignments-lookup';
import { analysedByDefault, type SessionFacts } from './scheduling';

const camera: SessionFacts = {
  sessionType: 'main-camera',
  assignmentId: 'a1',
  // What the exam client sent with head tracking on the client: the server does not ask it.
  isShouldAnalyze: false,
  erased: false,
  schoolId: 's1',
};
const proctored: AssignmentFacts = {
  id: 'a1',
  schoolId: 's1',
  ownerId: 't1',
  reviewers: [],
  isSuspended: false,
  isFinished: false,
  isProctoring: true,
  maxPoints: 0,
  settings: { head_tracking_type: 'client' },
};

describe('which converted recordings are analysed without anyone asking', () => {
  it('analyses a proctored attempt’s main camera with the default settings, whatever the client said', () => {
    expect(analysedByDefault(camera, proctored)).toBe(true);
    expect(analysedByDefault(camera, { ...proctored, settings: null })).toBe(true);
    expect(analysedByDefault(camera, { ...proctored, settings: { ai_analysis: true } })).toBe(true);
  });

  it('not when the assignment turned it off, is not proctored, is gone, or the recording is not the camera', () => {
    expect(analysedByDefault(camera, { ...proctored, settings: { ai_analysis: false } })).toBe(false);
    expect(
      analysedByDefault(
        { ...camera, isShouldAnalyze: true },
        { ...proctored, settings: { ai_analysis: false } },
      ),
    ).toBe(false);
    expect(analysedByDefault(camera, { ...proctored, isProctoring: false })).toBe(false);
    expect(analysedByDefault(camera, undefined)).toBe(false);
    expect(analysedByDefault({ ...camera, sessionType: 'screen' }, proctored)).toBe(false);
    expect(analysedByDefault({ ...camera, sessionType: 'second-camera' }, proctored)).toBe(false);
    expect(analysedByDefault({ ...camera, erased: true }, proctored)).toBe(false);
  });

  it('a session outside any assignment follows its own is_should_analyze', () => {
    expect(analysedByDefault({ ...camera, assignmentId: null, isShouldAnalyze: true }, undefined)).toBe(true);
    expect(analysedByDefault({ ...camera, assignmentId: null }, undefined)).toBe(false);
  });
});

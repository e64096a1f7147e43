import { describe, expect, it } from 'vitest';
import { createRegistry } from '../index';
import type { StoredEvent } from '../envelope';
import {
  LIFECYCLE_ACTIONS,
  PROCTOR_ACTIONS,
  PROCTORING_ACTION_TYPES,
  PROCTORING_VIOLATIONS,
  PROCTORING_WARNINGS,
  ProctoringActionRecorded,
  proctoringActionKind,
} from './proctoring';

const action = {
  assignmentId: 'a-1',
  attemptId: 't-1',
  studentId: 's-1',
  actionType: 'focus_lost',
};

describe('the proctoring action vocabulary', () => {
  it('lists the specification’s eleven warnings (and the device agent’s three) and eleven violations, each type once', () => {
    expect(PROCTORING_WARNINGS).toHaveLength(14);
    expect(PROCTORING_WARNINGS).toEqual(
      expect.arrayContaining(['remote_session', 'virtual_machine', 'device_agent_lost']),
    );
    expect(PROCTORING_VIOLATIONS).toHaveLength(11);
    expect(new Set(PROCTORING_ACTION_TYPES).size).toBe(PROCTORING_ACTION_TYPES.length);
  });

  it('gives every type exactly one kind', () => {
    expect(proctoringActionKind('second_monitor')).toBe('warning');
    expect(proctoringActionKind('face_mismatch')).toBe('violation');
    expect(proctoringActionKind('exam_suspended')).toBe('proctor');
    expect(proctoringActionKind('session_started')).toBe('lifecycle');
    expect(proctoringActionKind('Not a type')).toBeUndefined();
    const counted = [PROCTORING_WARNINGS, PROCTORING_VIOLATIONS, PROCTOR_ACTIONS, LIFECYCLE_ACTIONS].flat();
    expect(counted.length).toBe(PROCTORING_ACTION_TYPES.length);
  });

  it('refuses a type outside the vocabulary and fills version 2 defaults', () => {
    expect(ProctoringActionRecorded.schema.safeParse({ ...action, actionType: 'cheating' }).success).toBe(
      false,
    );
    expect(ProctoringActionRecorded.schema.parse(action)).toMatchObject({
      source: 'client',
      screenshots: [],
      isWarning: false,
      initiatorId: null,
      condition: null,
    });
  });

  it('takes a condition’s id and phase, and refuses an unknown phase', () => {
    const condition = { id: 'c-1', phase: 'heartbeat' };
    expect(ProctoringActionRecorded.schema.parse({ ...action, condition }).condition).toEqual(condition);
    const bad = { ...action, condition: { id: 'c-1', phase: 'later' } };
    expect(ProctoringActionRecorded.schema.safeParse(bad).success).toBe(false);
  });
});

describe('ProctoringActionRecorded versions', () => {
  it('reads a version 1 event as a client action without screenshots', () => {
    const stored = {
      id: 'e-1',
      streamId: 'proctoring-t-1',
      type: 'ProctoringActionRecorded',
      data: { ...action, isWarning: false },
      metadata: { schemaVersion: 1 },
      streamPosition: 0,
      globalPosition: 1n,
      recordedAt: new Date(),
    } as unknown as StoredEvent;
    const upcast = createRegistry().upcast(stored);
    expect(upcast.data).toMatchObject({ ...action, source: 'client', screenshots: [] });
    expect(upcast.metadata.schemaVersion).toBe(2);
  });
});

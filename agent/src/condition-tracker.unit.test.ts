import type { DeviceFinding } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { ConditionTracker, HEARTBEAT_MS } from './condition-tracker';

const anydesk: DeviceFinding = {
  kind: 'prohibited_process',
  key: 'anydesk',
  detail: 'anydesk (remote desktop)',
};
const vm: DeviceFinding = { kind: 'virtual_machine', key: 'machine', detail: 'pc' };

describe('findings as conditions', () => {
  it('begins on appearance, beats while it holds, ends on disappearance', () => {
    const tracker = new ConditionTracker();
    const t0 = 1_000_000;
    const begun = tracker.next([anydesk], t0);
    expect(begun).toHaveLength(1);
    expect(begun[0]).toMatchObject({
      phase: 'begin',
      finding: anydesk,
      created_at: new Date(t0).toISOString(),
    });
    const id = begun[0]!.condition_id;
    expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(tracker.next([anydesk], t0 + 2_000)).toEqual([]);
    const beat = tracker.next([anydesk, vm], t0 + HEARTBEAT_MS);
    expect(beat.map((p) => [p.phase, p.finding.kind])).toEqual([
      ['heartbeat', 'prohibited_process'],
      ['begin', 'virtual_machine'],
    ]);
    expect(beat[0]!.condition_id).toBe(id);
    // The page is told the open conditions' ids, to end them itself should this agent be killed.
    expect(tracker.openConditions()).toEqual([
      { ...anydesk, condition_id: id },
      { ...vm, condition_id: beat[1]!.condition_id },
    ]);
    const ended = tracker.next([vm], t0 + 6_000);
    expect(ended).toMatchObject([{ phase: 'end', condition_id: id }]);
    // Every phase has its own id (a retry of one is stored once, two phases are two actions).
    const ids = [...begun, ...beat, ...ended].map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(tracker.closeAll(t0 + 7_000).map((p) => [p.phase, p.finding.kind])).toEqual([
      ['end', 'virtual_machine'],
    ]);
    expect(tracker.openConditions()).toEqual([]);
  });

  it('starts a new condition when the same program comes back', () => {
    const tracker = new ConditionTracker();
    const first = tracker.next([anydesk], 0)[0]!.condition_id;
    tracker.next([], 1_000);
    const second = tracker.next([anydesk], 2_000)[0]!;
    expect(second.phase).toBe('begin');
    expect(second.condition_id).not.toBe(first);
  });
});

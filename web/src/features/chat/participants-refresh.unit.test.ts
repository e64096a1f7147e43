import { describe, expect, it } from 'vitest';
import { PARTICIPANTS_REFRESH_PAUSES, refreshParticipantsUntil } from './participants-refresh';

/** The participants as the read model answers them, read after read (the last answer repeats). */
function readModel(...answers: string[][]) {
  let reads = 0;
  return {
    reads: () => reads,
    read: async () => {
      const ids = answers[Math.min(reads, answers.length - 1)]!;
      reads += 1;
      return { participants: ids.map((id) => ({ id, name: id, photo: null, color: null })) };
    },
  };
}

describe('reading the participants again after a "joined" or "left" line', () => {
  it('reads until the newcomer is among them, waiting longer each time', async () => {
    const paused: number[] = [];
    const model = readModel(['a'], ['a'], ['a', 'c']);
    await refreshParticipantsUntil({ user_id: 'c', action: 'joined' }, model.read, async (ms) => {
      paused.push(ms);
    });
    expect(model.reads()).toBe(3);
    expect(paused).toEqual(PARTICIPANTS_REFRESH_PAUSES.slice(1, 3));
  });

  it('reads until the one who left is gone, and once when they already are', async () => {
    const lagging = readModel(['a', 'c'], ['a']);
    await refreshParticipantsUntil({ user_id: 'c', action: 'left' }, lagging.read, async () => undefined);
    expect(lagging.reads()).toBe(2);
    const current = readModel(['a']);
    await refreshParticipantsUntil({ user_id: 'c', action: 'left' }, current.read, async () => undefined);
    expect(current.reads()).toBe(1);
  });

  it('gives up after the last pause when the participants never agree', async () => {
    const model = readModel(['a']);
    await refreshParticipantsUntil({ user_id: 'c', action: 'joined' }, model.read, async () => undefined);
    expect(model.reads()).toBe(PARTICIPANTS_REFRESH_PAUSES.length);
  });
});

import { describe, expect, it } from 'vitest';
import type { Caller } from '../http/caller';
import { ChannelAuthoriser, ChannelSigner, parseChannel } from './channels';

const teacher: Caller = { userId: 'u-1', schoolId: 's-1', group: 'teacher', pendingChallenges: [] };

describe('channel names and rules', () => {
  it('parses only <known kind>.<id> names', () => {
    expect(parseChannel('chat.42')).toEqual({ kind: 'chat', id: '42' });
    for (const name of [
      'chat.',
      'chats.1',
      'private-chat.1',
      'chat.1.2',
      'chat.a/b',
      `chat.${'x'.repeat(65)}`,
    ]) {
      expect(parseChannel(name), name).toBeUndefined();
    }
  });

  it('allows the caller’s own user channel only, and kinds without a rule to nobody', async () => {
    const authoriser = new ChannelAuthoriser([]);
    expect(await authoriser.allows(teacher, 'user.u-1')).toBe(true);
    expect(await authoriser.allows(teacher, 'user.u-2')).toBe(false);
    expect(await authoriser.allows(teacher, 'task.7')).toBe(false);
  });

  it('hands the id to the rule of its kind, and any rule that allows wins', async () => {
    const seen: unknown[] = [];
    const authoriser = new ChannelAuthoriser([
      {
        pattern: 'task.{id}',
        authorize: async (_caller, params) => {
          seen.push(params);
          return false;
        },
      },
      {
        pattern: 'task.{task_id}',
        authorize: async (caller, { task_id }) => caller.userId === 'u-1' && task_id === '7',
      },
    ]);
    expect(await authoriser.allows(teacher, 'task.7')).toBe(true);
    expect(await authoriser.allows(teacher, 'task.8')).toBe(false);
    expect(seen).toEqual([{ id: '7' }, { id: '8' }]);
  });

  it('refuses rules for unknown kinds and for user channels at start', () => {
    const allow = async () => true;
    expect(() => new ChannelAuthoriser([{ pattern: 'user.{id}', authorize: allow }])).toThrow(
      /user channels/,
    );
    expect(
      () => new ChannelAuthoriser([{ pattern: 'library.{id}' as 'task.{id}', authorize: allow }]),
    ).toThrow(/known kind/);
  });
});

describe('channel signatures', () => {
  const signer = new ChannelSigner(Buffer.alloc(32, 7));

  it('holds for the socket, channel and user it was made for, and for nothing else', () => {
    const signature = signer.sign('socket-1', 'chat.1', 'u-1');
    expect(signer.verify(signature, 'socket-1', 'chat.1', 'u-1')).toBe(true);
    expect(signer.verify(signature, 'socket-2', 'chat.1', 'u-1')).toBe(false);
    expect(signer.verify(signature, 'socket-1', 'chat.2', 'u-1')).toBe(false);
    expect(signer.verify(signature, 'socket-1', 'chat.1', 'u-2')).toBe(false);
    expect(new ChannelSigner(Buffer.alloc(32, 8)).verify(signature, 'socket-1', 'chat.1', 'u-1')).toBe(false);
    expect(signer.verify('short', 'socket-1', 'chat.1', 'u-1')).toBe(false);
  });
});

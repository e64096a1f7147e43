import { CHAT_MESSAGE_ACTIONS, type ChatCreatedData, type ChatMessagePostedData } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors';
import { enumerations } from '../reference/enums';
import { chatDecider, type ChatCommand, type ChatEvent, type ChatState } from './decider';
import { chatMessageId } from './ids';

const at = '2026-11-27T10:00:00.000Z';
const chat = (participants: string[], moderators = ['t1']): ChatCreatedData => ({
  id: 'c1',
  school_id: 's1',
  owner_id: 't1',
  type: 'group',
  subject: 'class',
  class_id: 'k1',
  assignment_id: null,
  name: '7А',
  participants,
  moderators,
  created_at: at,
});
const message = (
  id: string,
  user: string,
  extra: Partial<ChatMessagePostedData> = {},
): ChatMessagePostedData => ({
  id,
  chat_id: 'c1',
  user_id: user,
  recipient_id: null,
  parent_id: null,
  media_id: null,
  action: 'message',
  message: 'привет',
  is_service: false,
  created_at: at,
  ...extra,
});

/** Given these commands, the state they lead to. */
function given(...commands: ChatCommand[]): ChatState {
  return commands.reduce(
    (state, command) =>
      chatDecider
        .decide(command, state)
        .reduce<ChatState>((s, e: ChatEvent) => chatDecider.evolve(s, e), state),
    chatDecider.initialState,
  );
}
const ensure = (participants: string[]): ChatCommand => ({ type: 'Ensure', chat: chat(participants), at });
const post = (m: ChatMessagePostedData): ChatCommand => ({ type: 'Post', message: m });

describe('the chat decider', () => {
  it('makes a chat with a "joined" line per person, and adds lines only for newcomers', () => {
    const made = chatDecider.decide(ensure(['t1', 'a']), chatDecider.initialState);
    expect(made.map((e) => e.type)).toEqual(['ChatCreated', 'ChatMessagePosted', 'ChatMessagePosted']);
    const state = given(ensure(['t1', 'a']));
    expect(chatDecider.decide(ensure(['a', 't1']), state)).toEqual([]);
    const grown = chatDecider.decide(ensure(['t1', 'a', 'b']), state);
    expect(grown.map((e) => e.type)).toEqual(['ChatPeopleSet', 'ChatMessagePosted']);
    expect(grown[1]!.data).toMatchObject({ id: chatMessageId('c1', 'joined', 'b'), is_service: true });
  });

  it('writes a "left" line for whoever leaves, once, and new lines each time they come and go again', () => {
    const state = given(ensure(['t1', 'a', 'b']));
    const shrunk = chatDecider.decide(ensure(['t1', 'a']), state);
    expect(shrunk.map((e) => e.type)).toEqual(['ChatPeopleSet', 'ChatMessagePosted']);
    expect(shrunk[1]!.data).toMatchObject({
      id: chatMessageId('c1', 'left', 'b'),
      user_id: 'b',
      action: 'left',
      is_service: true,
    });
    const gone = given(ensure(['t1', 'a', 'b']), ensure(['t1', 'a']));
    // The same change decided again (a replay of the process manager) writes nothing.
    expect(chatDecider.decide(ensure(['t1', 'a']), gone)).toEqual([]);
    expect(() => chatDecider.decide(post(message('m1', 'b')), gone)).toThrow(NotFoundError);
    const back = chatDecider.decide(ensure(['t1', 'a', 'b']), gone);
    expect(back[1]!.data).toMatchObject({ id: chatMessageId('c1', 'joined', 'b', 1), action: 'joined' });
    const again = given(ensure(['t1', 'a', 'b']), ensure(['t1', 'a']), ensure(['t1', 'a', 'b']));
    const leftAgain = chatDecider.decide(ensure(['t1', 'a']), again);
    expect(leftAgain[1]!.data).toMatchObject({ id: chatMessageId('c1', 'left', 'b', 1), action: 'left' });
    expect(chatMessageId('c1', 'left', 'b', 1)).not.toBe(chatMessageId('c1', 'left', 'b'));
  });

  it('lets only participants post, once per message id, and refuses the muted', () => {
    const state = given(ensure(['t1', 'a']));
    expect(() => chatDecider.decide(post(message('m1', 'x')), state)).toThrow(NotFoundError);
    const posted = given(ensure(['t1', 'a']), post(message('m1', 'a')));
    expect(chatDecider.decide(post(message('m1', 'a')), posted)).toEqual([]);
    const muted = given(ensure(['t1', 'a']), { type: 'Mute', userId: 'a', muted: true, by: 't1', at });
    expect(() => chatDecider.decide(post(message('m2', 'a')), muted)).toThrow(ForbiddenError);
  });

  it('checks a reply’s parent and a personal line’s recipient', () => {
    const state = given(ensure(['t1', 'a', 'b']), post(message('m1', 'a', { recipient_id: 'b' })));
    // Teacher t1 cannot reply to a personal line between a and b: it is not theirs to see.
    expect(() => chatDecider.decide(post(message('m2', 't1', { parent_id: 'm1' })), state)).toThrow(
      ValidationError,
    );
    expect(chatDecider.decide(post(message('m3', 'b', { parent_id: 'm1' })), state)).toHaveLength(1);
    expect(() => chatDecider.decide(post(message('m4', 'a', { recipient_id: 'zz' })), state)).toThrow(
      ValidationError,
    );
  });

  it('lets authors edit and delete, moderators delete anyone’s, and nobody else', () => {
    const state = given(ensure(['t1', 'a', 'b']), post(message('m1', 'a')));
    const edit = (by: string): ChatCommand => ({ type: 'Edit', messageId: 'm1', by, text: 'новое', at });
    const del = (by: string): ChatCommand => ({ type: 'Delete', messageId: 'm1', by, at });
    expect(chatDecider.decide(edit('a'), state)).toHaveLength(1);
    expect(() => chatDecider.decide(edit('b'), state)).toThrow(ForbiddenError);
    expect(() => chatDecider.decide(del('b'), state)).toThrow(ForbiddenError);
    expect(chatDecider.decide(del('t1'), state)).toHaveLength(1);
    const deleted = given(ensure(['t1', 'a', 'b']), post(message('m1', 'a')), del('a'));
    expect(chatDecider.decide(del('t1'), deleted)).toEqual([]);
    expect(() => chatDecider.decide(edit('a'), deleted)).toThrow(NotFoundError);
  });

  it('moves a read position only forward', () => {
    const state = given(ensure(['t1', 'a']), post(message('m1', 't1')), post(message('m2', 't1')));
    const read = (id: string): ChatCommand => ({ type: 'Read', userId: 'a', messageId: id, at });
    const after = given(
      ensure(['t1', 'a']),
      post(message('m1', 't1')),
      post(message('m2', 't1')),
      read('m2'),
    );
    expect(chatDecider.decide(read('m2'), state)).toHaveLength(1);
    expect(chatDecider.decide(read('m1'), after)).toEqual([]);
  });

  it('closes once, and a closed chat takes no messages', () => {
    const closed = given(ensure(['t1', 'a']), { type: 'Close', at });
    expect(chatDecider.decide({ type: 'Close', at }, closed)).toEqual([]);
    expect(() => chatDecider.decide(post(message('m1', 'a')), closed)).toThrow(NotFoundError);
  });
});

describe('the chat message actions enumeration', () => {
  it('names every action of the contract, and only those', () => {
    expect(enumerations['chat-message-actions']!.map((item) => item.raw)).toEqual([...CHAT_MESSAGE_ACTIONS]);
  });
});

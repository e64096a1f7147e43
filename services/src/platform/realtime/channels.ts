import { createHmac, timingSafeEqual } from 'node:crypto';
import { CHANNEL_KINDS, CHANNEL_NAME, type ChannelKind } from '@sabaq/events';
import type { Caller } from '../http/caller';
import type { ChannelRule } from './contribution';

interface CompiledRule {
  kind: ChannelKind;
  names: string[];
  rule: ChannelRule;
}

function compile(rule: ChannelRule): CompiledRule {
  const match = /^([a-z]+)\.\{([a-z_]+)\}$/.exec(rule.pattern);
  const kind = match?.[1] as ChannelKind | undefined;
  if (!match || !kind || !CHANNEL_KINDS.includes(kind)) {
    throw new Error(`channel pattern '${rule.pattern}' is not <kind>.{param} with a known kind`);
  }
  if (kind === 'user') throw new Error('user channels are the platform’s own rule: the caller’s only');
  return { kind, names: [match[2] as string], rule };
}

/** Parses `<kind>.<id>`; undefined for anything else, so odd names never reach a rule. */
export function parseChannel(channel: string): { kind: ChannelKind; id: string } | undefined {
  const match = CHANNEL_NAME.exec(channel);
  const kind = match?.[1] as ChannelKind | undefined;
  if (!match || !kind || !CHANNEL_KINDS.includes(kind)) return undefined;
  return { kind, id: match[2] as string };
}

/**
 * Decides who may listen where. The caller's own `user.{id}` is always allowed and nobody else's is;
 * every other kind needs a rule contributed by a context, and a channel no rule covers is refused.
 */
export class ChannelAuthoriser {
  private readonly rules = new Map<ChannelKind, CompiledRule[]>();

  constructor(rules: readonly ChannelRule[]) {
    for (const rule of rules.map(compile)) {
      const list = this.rules.get(rule.kind) ?? [];
      list.push(rule);
      this.rules.set(rule.kind, list);
    }
  }

  async allows(caller: Caller, channel: string): Promise<boolean> {
    const parsed = parseChannel(channel);
    if (!parsed) return false;
    if (parsed.kind === 'user') return parsed.id === caller.userId;
    for (const compiled of this.rules.get(parsed.kind) ?? []) {
      const params = Object.fromEntries(compiled.names.map((name) => [name, parsed.id]));
      if (await compiled.rule.authorize(caller, params)) return true;
    }
    return false;
  }
}

/**
 * The answer of POST /broadcasting/auth, checked by whichever api instance holds the socket: an HMAC over
 * the socket, the channel and the user, so it is useless on another connection or to another user.
 */
export class ChannelSigner {
  constructor(private readonly secret: Buffer) {}

  sign(socketId: string, channel: string, userId: string): string {
    return createHmac('sha256', this.secret).update(`${socketId}:${channel}:${userId}`).digest('base64url');
  }

  verify(signature: string, socketId: string, channel: string, userId: string): boolean {
    const expected = Buffer.from(this.sign(socketId, channel, userId));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

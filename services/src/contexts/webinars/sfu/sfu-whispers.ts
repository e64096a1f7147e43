import { channelName, sfuSignalSchema, SFU_MAX_SDP_BYTES, type ServerMessage } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import type { WhisperHandler, WhisperingSocket } from '../../../platform/realtime/contribution';
import { webinarRow } from '../access';
import { transportOf } from '../entities';
import { CandidateBudget } from './candidate-budget';
import type { SfuConfig } from './config';
import { SfuRooms } from './sfu-room';

const refuse = (from: WhisperingSocket, message: string, status_code: number) =>
  from.send({ event: 'error', data: { message, status_code } });

/**
 * `sfu-join`, `sfu-signal` and `sfu-leave` on `webinar.{id}`: a socket's conversation with the SFU of
 * this api instance. The platform admits only sockets subscribed to the channel (its rule admits the
 * webinar's people while it is not finished); here: the webinar must be on the SFU, the room must have
 * room, a signal must come from a socket in the room, and candidates are rationed.
 */
export function sfuWhispers(services: Pick<ContextServices, 'db'>, config: SfuConfig) {
  const sockets = new Map<string, { send: (message: ServerMessage) => void; budget: CandidateBudget }>();
  const rooms = new SfuRooms(config, {
    offer(socketId, offer) {
      const room = roomOf.get(socketId);
      if (!room) return;
      sockets.get(socketId)?.send({
        channel: channelName('webinar', room),
        event: 'sfu-offer',
        data: {
          description: { type: 'offer', sdp: offer.sdp },
          publish: offer.publish,
          streams: offer.streams,
        },
      });
    },
    closed(socketId, reason) {
      const room = roomOf.get(socketId);
      if (room)
        sockets
          .get(socketId)
          ?.send({ channel: channelName('webinar', room), event: 'sfu-closed', data: { reason } });
      forget(socketId);
    },
  });
  /** Which webinar each socket is in on the SFU (one at a time). */
  const roomOf = new Map<string, string>();

  function forget(socketId: string) {
    roomOf.delete(socketId);
    sockets.delete(socketId);
  }

  async function leave(socketId: string) {
    const webinarId = roomOf.get(socketId);
    forget(socketId);
    if (webinarId) await rooms.existing(webinarId)?.leave(socketId);
  }

  const handler: WhisperHandler = {
    kind: 'webinar',
    names: ['sfu-join', 'sfu-signal', 'sfu-leave'],
    // Two m-lines per other participant in the answer, each under a kilobyte.
    maxFrameBytes: SFU_MAX_SDP_BYTES + 4096,
    async handle(whisper, from) {
      const webinarId = from.channel.slice('webinar.'.length);
      if (whisper.name === 'sfu-leave') return leave(from.socketId);
      if (whisper.name === 'sfu-join') {
        const row = await webinarRow(services, webinarId);
        if (!row || row.status === 'finished') return refuse(from, 'The webinar is over', 410);
        if ((await transportOf(services, row)) !== 'sfu')
          return refuse(from, 'This webinar is a mesh: signal the peers (webinar-join)', 409);
        await leave(from.socketId);
        if (!rooms.room(webinarId).join(from.socketId, from.caller.userId)) {
          from.send({
            channel: from.channel as `webinar.${string}`,
            event: 'sfu-closed',
            data: { reason: 'full' },
          });
          return refuse(from, `The room is full (${config.maxPeers} participants)`, 409);
        }
        roomOf.set(from.socketId, webinarId);
        sockets.set(from.socketId, { send: from.send, budget: new CandidateBudget(20, 60) });
        return;
      }
      const peer =
        roomOf.get(from.socketId) === webinarId ? rooms.existing(webinarId)?.peer(from.socketId) : undefined;
      if (!peer) return refuse(from, 'Join the SFU room first (sfu-join)', 409);
      const parsed = sfuSignalSchema.safeParse(whisper.sfu);
      if (!parsed.success || (parsed.data.kind === 'answer' && !parsed.data.description))
        return refuse(from, 'An SFU signal is an answer or a candidate', 422);
      if (parsed.data.kind === 'candidate' && !sockets.get(from.socketId)?.budget.take())
        return refuse(from, 'Too many candidates', 429);
      const refusal = await peer.signal(parsed.data);
      if (refusal) refuse(from, refusal, 422);
    },
    left(socketId, channel) {
      if (roomOf.get(socketId) === channel.slice('webinar.'.length)) void leave(socketId);
    },
  };

  return {
    handler,
    rooms,
    /** The webinar ended or was deleted: its room closes and its sockets are told. */
    async close(webinarId: string, reason: string) {
      await rooms.existing(webinarId)?.close(reason);
    },
  };
}

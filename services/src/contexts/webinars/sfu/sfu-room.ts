import type { MediaStreamTrack } from 'werift';
import type { SfuConfig } from './config';
import { SfuPeer, type MediaKind, type PeerHooks } from './sfu-peer';

/** Whose stream is whose, as the socket's offer names it. */
export interface StreamOwner {
  stream_id: string;
  user_id: string;
  socket_id: string;
}

export interface RoomOutlet {
  offer(
    socketId: string,
    offer: { sdp: string; publish: ReturnType<SfuPeer['publishMids']>; streams: StreamOwner[] },
  ): void;
  closed(socketId: string, reason: string): void;
}

/**
 * One webinar's participants on the SFU of this api instance: every participant receives every other's
 * tracks. A join gives the newcomer the others' m-lines and the others the newcomer's, then offers to
 * all; a leave stops the leaver's m-lines everywhere and offers again.
 */
export class SfuRoom {
  private readonly peers = new Map<string, SfuPeer>();

  constructor(
    readonly webinarId: string,
    private readonly config: SfuConfig,
    private readonly outlet: RoomOutlet,
    private readonly onEmpty: () => void,
  ) {}

  get size(): number {
    return this.peers.size;
  }

  has(socketId: string): boolean {
    return this.peers.has(socketId);
  }

  peer(socketId: string): SfuPeer | undefined {
    return this.peers.get(socketId);
  }

  /** False when the room is full. A socket that joins again starts over with a new connection. */
  join(socketId: string, userId: string): boolean {
    if (this.peers.has(socketId)) void this.leave(socketId);
    if (this.peers.size >= this.config.maxPeers) return false;
    const peer = new SfuPeer(socketId, userId, this.config, this.hooks);
    for (const other of this.peers.values()) {
      peer.addPublisher(other);
      other.addPublisher(peer);
      other.negotiate();
    }
    this.peers.set(socketId, peer);
    peer.negotiate();
    return true;
  }

  async leave(socketId: string): Promise<void> {
    const peer = this.peers.get(socketId);
    if (!peer) return;
    this.peers.delete(socketId);
    for (const other of this.peers.values()) if (other.removePublisher(socketId)) other.negotiate();
    await peer.close();
    if (this.peers.size === 0) this.onEmpty();
  }

  /** The webinar ended or was deleted: everybody is told and disconnected. */
  async close(reason: string): Promise<void> {
    const peers = [...this.peers.values()];
    this.peers.clear();
    for (const peer of peers) this.outlet.closed(peer.socketId, reason);
    await Promise.all(peers.map((peer) => peer.close()));
    this.onEmpty();
  }

  /** RTP packets copied to subscribers so far (for the rough cost measure in docs/webinars.md). */
  forwardedPackets(): number {
    let total = 0;
    for (const peer of this.peers.values()) total += peer.forwardedPackets;
    return total;
  }

  private streamsFor(peer: SfuPeer): StreamOwner[] {
    return [...this.peers.values()]
      .filter((other) => other !== peer)
      .map((other) => ({ stream_id: other.streamId, user_id: other.userId, socket_id: other.socketId }));
  }

  private readonly hooks: PeerHooks = {
    offer: (peer, sdp) => {
      if (this.peers.get(peer.socketId) !== peer) return;
      this.outlet.offer(peer.socketId, { sdp, publish: peer.publishMids(), streams: this.streamsFor(peer) });
    },
    published: (peer: SfuPeer, kind: MediaKind, track: MediaStreamTrack) => {
      for (const other of this.peers.values()) if (other !== peer) other.trackOf(peer, kind, track);
    },
    connected: (peer) => {
      // The others' keyframes sent before this connection was up never reached it.
      for (const other of this.peers.values()) if (other !== peer) other.requestKeyframe();
    },
    failed: (peer) => {
      if (this.peers.get(peer.socketId) !== peer) return;
      this.outlet.closed(peer.socketId, 'connection failed');
      void this.leave(peer.socketId);
    },
  };
}

/** The rooms of this api instance, by webinar id. */
export class SfuRooms {
  private readonly rooms = new Map<string, SfuRoom>();

  constructor(
    private readonly config: SfuConfig,
    private readonly outlet: RoomOutlet,
  ) {}

  room(webinarId: string): SfuRoom {
    let room = this.rooms.get(webinarId);
    if (!room) {
      const made: SfuRoom = new SfuRoom(webinarId, this.config, this.outlet, () => {
        if (this.rooms.get(webinarId) === made && made.size === 0) this.rooms.delete(webinarId);
      });
      room = made;
      this.rooms.set(webinarId, room);
    }
    return room;
  }

  existing(webinarId: string): SfuRoom | undefined {
    return this.rooms.get(webinarId);
  }

  count(): number {
    return this.rooms.size;
  }

  async closeAll(reason: string): Promise<void> {
    await Promise.all([...this.rooms.values()].map((room) => room.close(reason)));
  }
}

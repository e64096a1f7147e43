import type { ServerEventMap } from '@sabaq/events';
import type { WebinarSignalling } from './signalling';

/** A webinar's peers: one RTCPeerConnection per other socket, all sending the same local tracks. */
export interface RemotePeer {
  socketId: string;
  userId: string;
  stream: MediaStream;
}

/** More than this many others in one call would overload every browser of a mesh. */
export const MAX_OTHERS = 7;

/**
 * The mesh: whoever is already in the call offers to a newcomer (announced by its join), so two peers
 * never offer to each other at once; candidates that arrive before the description wait for it.
 */
export class WebinarMesh {
  private readonly connections = new Map<string, RTCPeerConnection>();
  private readonly pending = new Map<string, RTCIceCandidateInit[]>();
  private readonly peers = new Map<string, RemotePeer>();

  constructor(
    private readonly local: MediaStream,
    private readonly iceServers: RTCIceServer[],
    private readonly signalling: () => WebinarSignalling,
    private readonly changed: (peers: RemotePeer[]) => void,
  ) {}

  async joined(peer: ServerEventMap['webinar-join']): Promise<void> {
    if (this.connections.has(peer.socket_id) || this.connections.size >= MAX_OTHERS) return;
    const connection = this.connect(peer.socket_id, peer.user_id);
    await connection.setLocalDescription(await connection.createOffer());
    this.signalling().send(peer.socket_id, { kind: 'offer', description: toDescription(connection) });
  }

  left(peer: ServerEventMap['webinar-leave']): void {
    this.drop(peer.socket_id);
  }

  async signal({ socket_id, user_id, signal }: ServerEventMap['webinar-signal']): Promise<void> {
    if (signal.kind === 'offer' && signal.description) {
      if (!this.connections.has(socket_id) && this.connections.size >= MAX_OTHERS) return;
      const connection = this.connections.get(socket_id) ?? this.connect(socket_id, user_id);
      await connection.setRemoteDescription(signal.description as RTCSessionDescriptionInit);
      await this.flush(socket_id, connection);
      await connection.setLocalDescription(await connection.createAnswer());
      this.signalling().send(socket_id, { kind: 'answer', description: toDescription(connection) });
      return;
    }
    const connection = this.connections.get(socket_id);
    if (!connection) return;
    if (signal.kind === 'answer' && signal.description) {
      await connection.setRemoteDescription(signal.description as RTCSessionDescriptionInit);
      await this.flush(socket_id, connection);
    } else if (signal.kind === 'candidate' && signal.candidate) {
      if (connection.remoteDescription)
        await connection.addIceCandidate(signal.candidate as RTCIceCandidateInit);
      else
        this.pending.set(socket_id, [
          ...(this.pending.get(socket_id) ?? []),
          signal.candidate as RTCIceCandidateInit,
        ]);
    }
  }

  close(): void {
    for (const id of [...this.connections.keys()]) this.drop(id);
  }

  private connect(socketId: string, userId: string): RTCPeerConnection {
    const connection = new RTCPeerConnection({ iceServers: this.iceServers });
    this.connections.set(socketId, connection);
    for (const track of this.local.getTracks()) connection.addTrack(track, this.local);
    connection.onicecandidate = (event) => {
      if (event.candidate)
        this.signalling().send(socketId, {
          kind: 'candidate',
          candidate: event.candidate.toJSON() as { candidate: string },
        });
    };
    connection.ontrack = (event) => {
      const stream = event.streams[0] ?? new MediaStream([event.track]);
      this.peers.set(socketId, { socketId, userId, stream });
      this.changed([...this.peers.values()]);
    };
    connection.onconnectionstatechange = () => {
      if (connection.connectionState === 'failed' || connection.connectionState === 'closed')
        this.drop(socketId);
    };
    return connection;
  }

  private async flush(socketId: string, connection: RTCPeerConnection): Promise<void> {
    for (const candidate of this.pending.get(socketId) ?? []) await connection.addIceCandidate(candidate);
    this.pending.delete(socketId);
  }

  private drop(socketId: string): void {
    this.connections.get(socketId)?.close();
    this.connections.delete(socketId);
    this.pending.delete(socketId);
    if (this.peers.delete(socketId)) this.changed([...this.peers.values()]);
  }
}

function toDescription(connection: RTCPeerConnection): { type: string; sdp: string } {
  const description = connection.localDescription!;
  return { type: description.type, sdp: description.sdp };
}

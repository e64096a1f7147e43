import type { ServerEventMap, SfuSignal } from '@sabaq/events';
import type { RemotePeer } from './mesh';

type Offer = ServerEventMap['sfu-offer'];

/**
 * A webinar on the server's SFU: one RTCPeerConnection to the server, which always offers. The
 * microphone and camera go out on the mids the offer names for publishing; every other participant's
 * stream comes in on its own m-lines, and the offer's `streams` say whose stream (msid) is whose. A
 * stream the latest offer no longer names has left.
 */
export class WebinarSfu {
  private readonly connection: RTCPeerConnection;
  private readonly incoming = new Map<string, MediaStream>();
  private owners: Offer['streams'] = [];
  private queue = Promise.resolve();

  constructor(
    private readonly local: MediaStream,
    iceServers: RTCIceServer[],
    private readonly send: (signal: SfuSignal) => void,
    private readonly changed: (peers: RemotePeer[]) => void,
  ) {
    this.connection = new RTCPeerConnection({ iceServers, bundlePolicy: 'max-bundle' });
    this.connection.onicecandidate = (event) => {
      if (event.candidate)
        this.send({ kind: 'candidate', candidate: event.candidate.toJSON() as { candidate: string } });
    };
    this.connection.ontrack = (event) => {
      const stream = event.streams[0];
      if (!stream) return;
      this.incoming.set(stream.id, stream);
      this.publish();
    };
  }

  /** Offers are answered one at a time, in the order they came. */
  offer(offer: Offer): void {
    this.queue = this.queue.then(() => this.answer(offer)).catch(() => undefined);
  }

  close(): void {
    this.connection.close();
    this.incoming.clear();
    this.changed([]);
  }

  private async answer(offer: Offer): Promise<void> {
    this.owners = offer.streams;
    await this.connection.setRemoteDescription(offer.description);
    for (const kind of ['audio', 'video'] as const) {
      const mid = offer.publish[kind];
      const transceiver = this.connection.getTransceivers().find((t) => t.mid === mid);
      const track = kind === 'audio' ? this.local.getAudioTracks()[0] : this.local.getVideoTracks()[0];
      if (!transceiver || !track || transceiver.sender.track === track) continue;
      await transceiver.sender.replaceTrack(track);
      transceiver.sender.setStreams(this.local);
      transceiver.direction = 'sendonly';
    }
    await this.connection.setLocalDescription(await this.connection.createAnswer());
    const answer = this.connection.localDescription!;
    this.send({ kind: 'answer', description: { type: 'answer', sdp: answer.sdp } });
    for (const id of [...this.incoming.keys()])
      if (!this.owners.some((owner) => owner.stream_id === id)) this.incoming.delete(id);
    this.publish();
  }

  private publish(): void {
    const peers: RemotePeer[] = [];
    for (const owner of this.owners) {
      const stream = this.incoming.get(owner.stream_id);
      if (stream) peers.push({ socketId: owner.socket_id, userId: owner.user_id, stream });
    }
    this.changed(peers);
  }
}

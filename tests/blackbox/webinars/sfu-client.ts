import type { ServerMessage } from '@sabaq/events';
import {
  MediaStreamTrack,
  RTCPeerConnection,
  RtpHeader,
  RtpPacket,
  useOPUS,
  useVP8,
  type RTCRtpTransceiver,
} from 'werift';
import type { TestClient } from '../realtime/client';

type Offer = Extract<ServerMessage, { event: 'sfu-offer' }>['data'];

/** What a subscriber got from one forwarded track: whose stream it is, and the payloads that came. */
export interface Received {
  mid: string | null;
  kind: string;
  streamId: string | undefined;
  payloads: string[];
  transceiver: RTCRtpTransceiver;
}

/**
 * A participant as a browser would be, but in Node (werift is a WebRTC stack in TypeScript): one peer
 * connection to the server's SFU over the realtime socket. It answers every offer, publishes a camera
 * track whose RTP it makes up (a payload that names it), and records the RTP it receives per mid.
 */
export class SfuTestPeer {
  readonly pc = new RTCPeerConnection({ codecs: { audio: [useOPUS()], video: [useVP8()] } });
  readonly camera = new MediaStreamTrack({ kind: 'video' });
  readonly offers: Offer[] = [];
  readonly received: Received[] = [];
  private queue = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private sequence = 0;

  constructor(
    readonly name: string,
    readonly client: TestClient,
    readonly channel: string,
  ) {
    client.socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as ServerMessage;
      if (message.event === 'sfu-offer') this.queue = this.queue.then(() => this.answer(message.data));
    });
    this.pc.onTrack.subscribe((track) => {
      const transceiver = this.pc.getTransceivers().find((t) => t.receiver.track === track)!;
      const entry: Received = {
        mid: transceiver.mid,
        kind: track.kind,
        streamId: transceiver.receiver.remoteStreamId,
        payloads: [],
        transceiver,
      };
      this.received.push(entry);
      track.onReceiveRtp.subscribe((rtp) => entry.payloads.push(rtp.payload.toString()));
    });
  }

  join(): void {
    this.client.send({ event: 'whisper', channel: this.channel, name: 'sfu-join' });
  }

  leave(): void {
    this.client.send({ event: 'whisper', channel: this.channel, name: 'sfu-leave' });
  }

  /** Made-up VP8-typed RTP every 20 ms; the SFU forwards bytes, it never decodes them. */
  startSending(): void {
    this.timer = setInterval(() => {
      this.sequence += 1;
      const header = new RtpHeader({
        payloadType: 96,
        sequenceNumber: this.sequence % 65536,
        timestamp: this.sequence * 3000,
        ssrc: 1234,
        marker: true,
      });
      this.camera.writeRtp(new RtpPacket(header, Buffer.from(`${this.name}#${this.sequence}`)));
    }, 20);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.pc.close();
  }

  private async answer(offer: Offer): Promise<void> {
    this.offers.push(offer);
    await this.pc.setRemoteDescription(offer.description);
    const publishing = this.pc.getTransceivers().find((t) => t.mid === offer.publish.video);
    if (publishing && publishing.sender.track !== this.camera) {
      publishing.direction = 'sendonly';
      await publishing.sender.replaceTrack(this.camera);
    }
    const audio = this.pc.getTransceivers().find((t) => t.mid === offer.publish.audio);
    if (audio) audio.direction = 'inactive';
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    await gathered(this.pc);
    this.client.send({
      event: 'whisper',
      channel: this.channel,
      name: 'sfu-signal',
      sfu: { kind: 'answer', description: { type: 'answer', sdp: this.pc.localDescription!.sdp } },
    });
  }
}

async function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return;
  await new Promise<void>((resolve) => {
    const subscription = pc.iceGatheringStateChange.subscribe((state) => {
      if (state !== 'complete') return;
      subscription.unSubscribe();
      resolve();
    });
  });
}

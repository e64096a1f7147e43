import { randomUUID } from 'node:crypto';
import {
  MediaStream,
  RTCPeerConnection,
  useOPUS,
  useVP8,
  type MediaStreamTrack,
  type RTCRtpTransceiver,
} from 'werift';
import type { SfuSignal } from '@sabaq/events';
import { announce, type SfuConfig } from './config';

export type MediaKind = 'audio' | 'video';
export const KINDS: readonly MediaKind[] = ['audio', 'video'];

/** What a peer tells its room and its socket; the room decides who sees whom. */
export interface PeerHooks {
  /** The socket's offer with who owns which forwarded stream. */
  offer(peer: SfuPeer, sdp: string): void;
  /** The participant's camera or microphone started arriving: forward it to the others. */
  published(peer: SfuPeer, kind: MediaKind, track: MediaStreamTrack): void;
  /** The connection failed or closed on its own. */
  failed(peer: SfuPeer): void;
  /** The connection is up: the others' next keyframes can reach it. */
  connected(peer: SfuPeer): void;
}

/** A forwarded track on this peer's connection: the other participant's, and how to stop forwarding it. */
interface Forward {
  transceiver: RTCRtpTransceiver;
  stop?: () => void;
}

/**
 * One participant's single peer connection to the server. The server always offers (one offer at a
 * time; a change that comes while the socket has not answered yet is offered after its answer), so the
 * browser only answers. Two m-lines receive the participant's microphone and camera; two more per other
 * participant send theirs, RTP copied as it comes (no decoding), PLI passed back to the publisher.
 */
export class SfuPeer {
  readonly streamId = randomUUID();
  readonly pc: RTCPeerConnection;
  readonly inbound: Record<MediaKind, RTCRtpTransceiver>;
  readonly published = new Map<MediaKind, MediaStreamTrack>();
  /** By the publisher's socket id: that participant's tracks as this peer receives them. */
  private readonly forwards = new Map<string, Forward[]>();
  private queue = Promise.resolve();
  private offerPending = false;
  private again = false;
  private closed = false;
  private lastKeyframeRequest = 0;
  /** The publisher's RTP source of each kind, as its packets say (a PLI names it). */
  private readonly sources = new Map<MediaKind, number>();
  forwardedPackets = 0;
  keyframeRequests = 0;
  private trailingKeyframe: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly socketId: string,
    readonly userId: string,
    private readonly config: SfuConfig,
    private readonly hooks: PeerHooks,
  ) {
    this.pc = new RTCPeerConnection({
      // One codec per kind: what arrives is forwarded as it is, so every browser must take the same.
      codecs: {
        audio: [useOPUS()],
        video: [useVP8()],
      },
      icePortRange: config.portRange,
      iceAdditionalHostAddresses: config.hostAddresses,
      iceUseIpv6: false,
      iceUseTcp: false,
      bundlePolicy: 'max-bundle',
    });
    this.inbound = {
      audio: this.pc.addTransceiver('audio', { direction: 'recvonly' }),
      video: this.pc.addTransceiver('video', { direction: 'recvonly' }),
    };
    for (const kind of KINDS) {
      this.inbound[kind].onTrack.subscribe((track) => {
        if (this.closed) return;
        this.published.set(kind, track);
        track.onReceiveRtp.subscribe((packet) => this.sources.set(kind, packet.header.ssrc));
        this.hooks.published(this, kind, track);
      });
    }
    this.pc.connectionStateChange.subscribe((state) => {
      if (!this.closed && state === 'connected') this.hooks.connected(this);
      if (!this.closed && (state === 'failed' || state === 'closed')) this.hooks.failed(this);
    });
  }

  /** The mids the socket publishes on (known once the first offer is made). */
  publishMids(): { audio: string | null; video: string | null } {
    return { audio: this.inbound.audio.mid, video: this.inbound.video.mid };
  }

  /** Sends another participant's microphone and camera to this peer (their tracks follow when they arrive). */
  addPublisher(publisher: SfuPeer): void {
    if (this.closed || this.forwards.has(publisher.socketId)) return;
    const stream = new MediaStream({ id: publisher.streamId });
    const forwards = KINDS.map((kind) => ({
      transceiver: this.pc.addTransceiver(kind, { direction: 'sendonly', streams: [stream] }),
    }));
    this.forwards.set(publisher.socketId, forwards);
    for (const [index, kind] of KINDS.entries()) {
      const track = publisher.published.get(kind);
      if (track) this.forward(publisher, kind, track, forwards[index]!);
    }
  }

  /** The publisher's track arrived after this peer was given its m-lines: start copying it. */
  trackOf(publisher: SfuPeer, kind: MediaKind, track: MediaStreamTrack): void {
    const forward = this.forwards.get(publisher.socketId)?.[KINDS.indexOf(kind)];
    if (forward && !this.closed) this.forward(publisher, kind, track, forward);
  }

  /** The publisher left: its m-lines are stopped (port 0 in the next offer; the browser ends the tracks). */
  removePublisher(socketId: string): boolean {
    const forwards = this.forwards.get(socketId);
    if (!forwards) return false;
    this.forwards.delete(socketId);
    for (const forward of forwards) {
      forward.stop?.();
      forward.transceiver.stop();
    }
    return true;
  }

  /** Offers the current set of m-lines, now or after the answer the socket owes. */
  negotiate(): void {
    this.run(async () => {
      if (this.closed) return;
      if (this.offerPending) {
        this.again = true;
        return;
      }
      this.offerPending = true;
      await this.pc.setLocalDescription(await this.pc.createOffer());
      await this.gathered();
      const sdp = this.pc.localDescription?.sdp;
      if (!sdp || this.closed) return;
      this.hooks.offer(this, announce(sdp, this.config.announcedIp));
    });
  }

  /** The socket's answer or candidate; returns a refusal to send back, if any. */
  async signal(signal: SfuSignal): Promise<string | undefined> {
    let refusal: string | undefined;
    await this.run(async () => {
      if (this.closed) return;
      if (signal.kind === 'answer') {
        if (!signal.description || !this.offerPending) {
          refusal = 'No offer is waiting for an answer';
          return;
        }
        try {
          await this.pc.setRemoteDescription({ type: 'answer', sdp: signal.description.sdp });
        } catch (error) {
          refusal = `The answer was not taken: ${(error as Error).message}`.slice(0, 300);
          return;
        }
        this.offerPending = false;
        if (this.again) {
          this.again = false;
          this.negotiate();
        }
      } else if (signal.candidate) {
        await this.pc
          .addIceCandidate(signal.candidate as Parameters<RTCPeerConnection['addIceCandidate']>[0])
          .catch(() => (refusal = 'The candidate was not taken'));
      }
    });
    return refusal;
  }

  /**
   * Asks the publisher's browser for a keyframe (a subscriber's PLI, or a new subscriber), at most every
   * 300 ms. A request inside that window is sent at its end, never dropped: a subscriber whose connection
   * came up just after an earlier request would otherwise wait for a keyframe that nobody asked for.
   */
  requestKeyframe(): void {
    const ssrc = this.sources.get('video');
    if (ssrc === undefined || this.closed) return;
    const wait = this.lastKeyframeRequest + 300 - Date.now();
    if (wait > 0) {
      this.trailingKeyframe ??= setTimeout(() => {
        this.trailingKeyframe = undefined;
        this.requestKeyframe();
      }, wait);
      return;
    }
    this.lastKeyframeRequest = Date.now();
    this.keyframeRequests += 1;
    void this.inbound.video.receiver.sendRtcpPLI(ssrc).catch(() => undefined);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.trailingKeyframe) clearTimeout(this.trailingKeyframe);
    for (const forwards of this.forwards.values()) for (const forward of forwards) forward.stop?.();
    this.forwards.clear();
    await this.pc.close().catch(() => undefined);
  }

  private forward(publisher: SfuPeer, kind: MediaKind, track: MediaStreamTrack, forward: Forward): void {
    forward.stop?.();
    const sender = forward.transceiver.sender;
    const rtp = track.onReceiveRtp.subscribe((packet) => {
      this.forwardedPackets += 1;
      void sender.sendRtp(packet).catch(() => undefined);
    });
    const pli = sender.onPictureLossIndication.subscribe(() => publisher.requestKeyframe());
    forward.stop = () => {
      rtp.unSubscribe();
      pli.unSubscribe();
    };
    if (kind === 'video') publisher.requestKeyframe();
  }

  /** Offers carry their candidates (host ones are gathered at once), so the server never trickles. */
  private async gathered(): Promise<void> {
    if (this.pc.iceGatheringState === 'complete') return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, 3000);
      const subscription = this.pc.iceGatheringStateChange.subscribe((state) => {
        if (state === 'complete') done();
      });
      function done() {
        clearTimeout(timer);
        subscription.unSubscribe();
        resolve();
      }
    });
  }

  private run(step: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(step).catch(() => {
      if (!this.closed) this.hooks.failed(this);
    });
    return this.queue;
  }
}

/**
 * The SFU's network settings (docs/webinars.md "Configuration"). Host candidates are gathered on the
 * machine's interfaces; a server behind 1:1 NAT announces its public address instead of the private
 * one in every offer (as mediasoup's announcedIp does).
 */
export interface SfuConfig {
  /** UDP ports the peer connections bind in (each connection takes one per interface): [min, max]. */
  portRange: [number, number] | undefined;
  /** The address written into the server's candidates instead of the gathered ones. */
  announcedIp: string | undefined;
  /** Addresses gathered beside the interfaces' (127.0.0.1 for a machine with loopback only). */
  hostAddresses: string[] | undefined;
  /** Participants (each publishing a camera and a microphone) in one room. */
  maxPeers: number;
}

export function sfuConfigFrom(env: NodeJS.ProcessEnv): SfuConfig {
  const min = Number(env.SFU_PORT_MIN);
  const max = Number(env.SFU_PORT_MAX);
  const range: [number, number] | undefined =
    Number.isInteger(min) && Number.isInteger(max) && min > 0 && max > min && max < 65536
      ? [min, max]
      : undefined;
  const peers = Number(env.SFU_MAX_PEERS);
  const list = (value: string | undefined) =>
    value
      ?.split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  return {
    portRange: range,
    announcedIp: env.SFU_ANNOUNCED_IP?.trim() || undefined,
    hostAddresses: list(env.SFU_HOST_ADDRESSES),
    maxPeers: Number.isInteger(peers) && peers > 1 ? peers : 25,
  };
}

/** Writes the announced address into the host candidates of an SDP (`a=candidate:… <ip> <port> typ host`). */
export function announce(sdp: string, announcedIp: string | undefined): string {
  if (!announcedIp) return sdp;
  return sdp.replace(
    /^(a=candidate:\S+ \d+ \S+ \d+ )(\S+)( \d+ typ host)/gm,
    (_all, head: string, _ip: string, tail: string) => `${head}${announcedIp}${tail}`,
  );
}

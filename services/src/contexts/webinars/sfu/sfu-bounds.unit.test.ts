import { describe, expect, it } from 'vitest';
import { CandidateBudget } from './candidate-budget';
import { announce, sfuConfigFrom } from './config';

describe('the SFU’s bounds and settings', () => {
  it('rations candidates: a burst, then the refill rate', () => {
    let now = 0;
    const budget = new CandidateBudget(2, 3, () => now);
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([true, true, true, false]);
    now = 500;
    expect(budget.take()).toBe(true);
    expect(budget.take()).toBe(false);
    now = 10_000;
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([true, true, true, false]);
  });

  it('reads the port range, announced address and room size, ignoring nonsense', () => {
    expect(
      sfuConfigFrom({
        SFU_PORT_MIN: '40000',
        SFU_PORT_MAX: '40100',
        SFU_ANNOUNCED_IP: '203.0.113.7',
        SFU_HOST_ADDRESSES: '127.0.0.1, 10.0.0.2',
        SFU_MAX_PEERS: '30',
      }),
    ).toEqual({
      portRange: [40000, 40100],
      announcedIp: '203.0.113.7',
      hostAddresses: ['127.0.0.1', '10.0.0.2'],
      maxPeers: 30,
    });
    expect(sfuConfigFrom({ SFU_PORT_MIN: '5', SFU_PORT_MAX: '5', SFU_MAX_PEERS: 'many' })).toEqual({
      portRange: undefined,
      announcedIp: undefined,
      hostAddresses: undefined,
      maxPeers: 25,
    });
  });

  it('announces the public address in host candidates only', () => {
    const sdp = [
      'a=candidate:1 1 udp 2130706431 192.0.2.2 40001 typ host',
      'a=candidate:2 1 udp 1694498815 198.51.100.1 40001 typ srflx raddr 192.0.2.2 rport 40001',
    ].join('\r\n');
    expect(announce(sdp, '203.0.113.7')).toBe(
      [
        'a=candidate:1 1 udp 2130706431 203.0.113.7 40001 typ host',
        'a=candidate:2 1 udp 1694498815 198.51.100.1 40001 typ srflx raddr 192.0.2.2 rport 40001',
      ].join('\r\n'),
    );
    expect(announce(sdp, undefined)).toBe(sdp);
  });
});

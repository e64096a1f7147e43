import { describe, expect, it } from 'vitest';
import { MediaSigner } from './signing';

describe('media signatures', () => {
  let now = new Date('2026-01-01T00:00:00Z');
  const signer = new MediaSigner(Buffer.alloc(32, 7), () => now);

  it('hold for their purpose and id until they expire', () => {
    const { expires, signature } = signer.sign('upload', 's1', 60);
    expect(signer.verify('upload', 's1', expires, signature)).toBe(true);
    expect(signer.verify('upload', 's1', String(expires), signature)).toBe(true);
    expect(signer.verify('play', 's1', expires, signature)).toBe(false);
    expect(signer.verify('upload', 's2', expires, signature)).toBe(false);
    expect(signer.verify('upload', 's1', expires + 1, signature)).toBe(false);
    now = new Date(now.getTime() + 61_000);
    expect(signer.verify('upload', 's1', expires, signature)).toBe(false);
  });

  it('refuse what is not a signature, and another key', () => {
    const { expires, signature } = signer.sign('play', 'r1', 60);
    expect(signer.verify('play', 'r1', 'soon', signature)).toBe(false);
    expect(signer.verify('play', 'r1', expires, undefined)).toBe(false);
    expect(new MediaSigner(Buffer.alloc(32, 8), () => now).verify('play', 'r1', expires, signature)).toBe(
      false,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { createRegistry } from '../index';
import { CHUNK_NAME, manifestSchema, mediaContract, webinarSessionSchema } from './media';

describe('the media contract', () => {
  it('is registered, owning its stream categories', () => {
    const registry = createRegistry();
    for (const event of mediaContract.events) expect(registry.has(event.type)).toBe(true);
    expect(registry.contextOf('webinar_session-1')).toBe('media');
    expect(registry.contextOf('media-1')).toBe('media');
    expect(registry.contextOf('media_retention-school-a')).toBe('media');
  });

  it('takes the playlist the browser sends and nothing path-like as a chunk name', () => {
    const manifest = manifestSchema.parse({ segments: [{ filename: 'chunk_001.webm', duration: 5 }] });
    expect(manifest).toEqual({
      type: null,
      duration: null,
      segments: [{ filename: 'chunk_001.webm', duration: 5 }],
    });
    expect(manifestSchema.safeParse({ segments: [{ filename: '../x', duration: 5 }] }).success).toBe(false);
    for (const bad of ['../x', '.hidden', 'a/b', 'a b', '']) expect(CHUNK_NAME.test(bad)).toBe(false);
  });

  it('defaults a session to a recording', () => {
    expect(webinarSessionSchema.parse({ session_type: 'screen' })).toMatchObject({
      session_kind: 'recording',
      is_should_analyze: false,
      use_modules: [],
      assignment_attempt_id: null,
    });
    expect(webinarSessionSchema.safeParse({ session_type: 'webcam' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { chooseTransport } from './transport';

describe('which way a webinar’s video travels', () => {
  it('keeps a group of up to 8 on the mesh', () => {
    expect(chooseTransport({ requested: 'mesh', serverType: null, headcount: 8 })).toBe('mesh');
    expect(chooseTransport({ requested: 'mesh', serverType: 'webinar', headcount: 1 })).toBe('mesh');
  });
  it('moves a larger group to the SFU', () => {
    expect(chooseTransport({ requested: 'mesh', serverType: null, headcount: 9 })).toBe('sfu');
  });
  it('uses the SFU when the webinar or its server record asks, whatever the headcount', () => {
    expect(chooseTransport({ requested: 'sfu', serverType: null, headcount: 2 })).toBe('sfu');
    expect(chooseTransport({ requested: 'mesh', serverType: 'sfu', headcount: 2 })).toBe('sfu');
  });
});

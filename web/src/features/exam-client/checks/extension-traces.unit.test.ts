import { describe, expect, it } from 'vitest';
import { ExtensionTraces, extensionOrigins, isExtensionAddress } from './extension-traces';

describe('extension traces', () => {
  it('names the extension origins in an attribute, once each, whatever the case', () => {
    expect(
      extensionOrigins(
        'url(chrome-extension://ABCDEFGH/icon.png), url(chrome-extension://abcdefgh/x.css) moz-extension://1f2e-33/a.js',
      ),
    ).toEqual(['chrome-extension://abcdefgh', 'moz-extension://1f2e-33']);
  });

  it('finds nothing in the page’s own addresses', () => {
    expect(extensionOrigins('/assets/index-1a2b.js')).toEqual([]);
    expect(extensionOrigins('https://example.org/chrome-extension/readme')).toEqual([]);
    expect(extensionOrigins(null)).toEqual([]);
  });

  it('tells an extension address by its scheme', () => {
    expect(isExtensionAddress('chrome-extension://abc/content.js')).toBe(true);
    expect(isExtensionAddress('safari-web-extension://abc/x.js')).toBe(true);
    expect(isExtensionAddress('http://127.0.0.1:8080/assets/app.js')).toBe(false);
  });

  it('reports each extension once per page', () => {
    const traces = new ExtensionTraces();
    expect(traces.fresh(['chrome-extension://a', 'chrome-extension://b'])).toEqual([
      'chrome-extension://a',
      'chrome-extension://b',
    ]);
    expect(traces.fresh(['chrome-extension://b', 'chrome-extension://c'])).toEqual(['chrome-extension://c']);
  });
});

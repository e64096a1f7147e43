import { describe, expect, it } from 'vitest';
import { certificateQrText, newReportToken, reportPath } from './report-token';

describe('report tokens', () => {
  it('are 128 random bits in 22 URL-safe characters, never the same twice', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => newReportToken()));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('put the report page in a new certificate’s QR code, and keep the JSON check for older ones', () => {
    expect(reportPath('AbCdEfGhIjKlMnOpQrStUv')).toBe('/report/AbCdEfGhIjKlMnOpQrStUv');
    expect(certificateQrText('https://sabaq.kz', { id: 'c1', reportToken: 'AbCdEfGhIjKlMnOpQrStUv' })).toBe(
      'https://sabaq.kz/report/AbCdEfGhIjKlMnOpQrStUv',
    );
    expect(certificateQrText('https://sabaq.kz', { id: 'c1', reportToken: null })).toBe(
      'https://sabaq.kz/api/certificate-check/c1',
    );
  });
});

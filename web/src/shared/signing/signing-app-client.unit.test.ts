import { describe, expect, it } from 'vitest';
import { authDocument, resultOf, SigningAppError, signXmlRequest, utf8Base64 } from './signing-app-client';

describe('the signing application protocol', () => {
  it("asks to sign the document with the authentication key and reads code '200' as success", () => {
    expect(signXmlRequest('<a/>')).toEqual({
      module: 'kz.gov.pki.knca.commonUtils',
      method: 'signXml',
      args: ['PKCS12', 'AUTHENTICATION', '<a/>', '', ''],
    });
    expect(resultOf({ code: '200', responseObject: '<signed/>' })).toBe('<signed/>');
    expect(() => resultOf({ code: '500', message: 'action.canceled' })).toThrow(SigningAppError);
    expect(() => resultOf({ code: '500', message: 'action.canceled' })).toThrow('action.canceled');
  });

  it('builds the fixed sign-in document and encodes it as UTF-8 base64', () => {
    const xml = authDocument(new Date('2026-09-01T08:00:00.000Z'), 'n0nce-n0nce-n0nce');
    expect(xml).toBe(
      '<auth><text>Sabaq: вход по электронной подписи</text><timestamp>2026-09-01T08:00:00.000Z</timestamp><nonce>n0nce-n0nce-n0nce</nonce></auth>',
    );
    expect(Buffer.from(utf8Base64(xml), 'base64').toString('utf8')).toBe(xml);
  });
});

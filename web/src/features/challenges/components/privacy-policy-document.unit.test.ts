import { describe, expect, it } from 'vitest';
import { policyXml } from './privacy-policy-document';

describe('policyXml', () => {
  it('puts the policy text as the root content, with markup characters escaped', () => {
    expect(policyXml('A & B <c>\nline')).toBe('<privacyPolicy>A &amp; B &lt;c&gt;\nline</privacyPolicy>');
  });

  it('keeps plain text (the Russian policy) as it is', () => {
    expect(policyXml('Политика конфиденциальности Sabaq.')).toBe(
      '<privacyPolicy>Политика конфиденциальности Sabaq.</privacyPolicy>',
    );
  });
});

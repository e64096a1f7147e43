import { describe, expect, it } from 'vitest';
import { codeDecider, hashCode, type CodeCommand, type CodeEvent } from './code-decider';

type Issued = Extract<CodeEvent, { type: 'VerificationCodeIssued' }>;
const issuedAt = '2026-01-01T10:00:00.000Z';
const issued = (codeId = 'c1', at = issuedAt): Issued => ({
  type: 'VerificationCodeIssued',
  data: {
    codeId,
    purpose: 'phone',
    recipient: '77011234567',
    userId: null,
    codeHash: hashCode(codeId, '1234'),
    expiresAt: new Date(new Date(at).getTime() + 10 * 60_000).toISOString(),
    issuedAt: at,
  },
});
const at = (minutes: number) => new Date(new Date(issuedAt).getTime() + minutes * 60_000).toISOString();

function given(...events: CodeEvent[]) {
  const state = events.reduce(codeDecider.evolve, codeDecider.initialState);
  return { state, when: (command: CodeCommand) => () => codeDecider.decide(command, state) };
}

describe('verification code decider', () => {
  it('issues a code, and another only after the 60-second pause (429)', () => {
    const first = issued();
    expect(given().when({ type: 'IssueCode', data: first.data })()).toEqual([first]);
    const soon = issued('c2', at(0.5));
    expect(given(first).when({ type: 'IssueCode', data: soon.data })).toThrow(
      expect.objectContaining({ httpStatus: 429, message: 'Превышен лимит запросов' }),
    );
    const later = issued('c2', at(1));
    expect(given(first).when({ type: 'IssueCode', data: later.data })()).toEqual([later]);
  });

  it('confirms the right code once, and records a wrong one', () => {
    expect(given(issued()).when({ type: 'CheckCode', code: '1234', at: at(1) })()).toEqual([
      { type: 'VerificationCodeConfirmed', data: { codeId: 'c1', confirmedAt: at(1) } },
    ]);
    expect(given(issued()).when({ type: 'CheckCode', code: '9999', at: at(1) })()).toEqual([
      { type: 'VerificationCodeRejected', data: { codeId: 'c1', rejectedAt: at(1) } },
    ]);
    const confirmed: CodeEvent = {
      type: 'VerificationCodeConfirmed',
      data: { codeId: 'c1', confirmedAt: at(1) },
    };
    expect(given(issued(), confirmed).when({ type: 'CheckCode', code: '1234', at: at(2) })()).toEqual([]);
  });

  it('refuses every try after five wrong ones, even the right code (9103)', () => {
    const wrong: CodeEvent = { type: 'VerificationCodeRejected', data: { codeId: 'c1', rejectedAt: at(1) } };
    const history = [issued(), wrong, wrong, wrong, wrong];
    expect(given(...history).when({ type: 'CheckCode', code: '1234', at: at(2) })()).toHaveLength(1);
    expect(given(...history, wrong).when({ type: 'CheckCode', code: '1234', at: at(2) })).toThrow(
      expect.objectContaining({ httpStatus: 422, statusCode: 9103 }),
    );
  });

  it('refuses an expired code, an unknown code and another issue’s id (9103)', () => {
    const refused = expect.objectContaining({ statusCode: 9103 });
    expect(given(issued()).when({ type: 'CheckCode', code: '1234', at: at(10) })).toThrow(refused);
    expect(given().when({ type: 'CheckCode', code: '1234', at: at(1) })).toThrow(refused);
    expect(given(issued()).when({ type: 'CheckCode', code: '1234', codeId: 'old', at: at(1) })).toThrow(
      refused,
    );
  });

  it('spends a code once: presented again, or confirmed before', () => {
    const used: CodeEvent = { type: 'VerificationCodeUsed', data: { codeId: 'c1', usedAt: at(2) } };
    expect(given(issued()).when({ type: 'UseCode', code: '1234', at: at(2) })()).toEqual([used]);
    expect(given(issued()).when({ type: 'UseCode', code: null, at: at(2) })).toThrow(/не подтвержден/);
    const confirmed: CodeEvent = {
      type: 'VerificationCodeConfirmed',
      data: { codeId: 'c1', confirmedAt: at(1) },
    };
    expect(given(issued(), confirmed).when({ type: 'UseCode', code: null, at: at(2) })()).toEqual([used]);
    expect(given(issued(), used).when({ type: 'UseCode', code: '1234', at: at(3) })).toThrow(/использован/);
  });

  it('keeps only a hash salted with the code id', () => {
    expect(issued().data.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashCode('c1', '1234')).not.toBe(hashCode('c2', '1234'));
  });
});

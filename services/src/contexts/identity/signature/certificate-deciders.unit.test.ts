import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../../platform/errors';
import { ConflictError } from '../../../platform/errors';
import {
  certificateDecider,
  signerDecider,
  type CertificateEvent,
  type SignerEvent,
} from './certificate-deciders';

const AT = '2026-09-01T08:00:00.000Z';
const FP = 'a'.repeat(64);
const registered = (fingerprint = FP): Extract<SignerEvent, { type: 'SignatureCertificateRegistered' }> => ({
  type: 'SignatureCertificateRegistered',
  data: {
    userId: 'u1',
    fingerprint,
    certificate: '-----BEGIN CERTIFICATE-----',
    subject: 'CN=u1',
    validFrom: AT,
    validTo: '2027-09-01T08:00:00.000Z',
    registeredAt: AT,
  },
});
const signer = (events: SignerEvent[]) => events.reduce(signerDecider.evolve, signerDecider.initialState);
const owner = (events: CertificateEvent[]) =>
  events.reduce(certificateDecider.evolve, certificateDecider.initialState);
const claimed = (userId: string): Extract<CertificateEvent, { type: 'SignatureCertificateClaimed' }> => ({
  type: 'SignatureCertificateClaimed',
  data: { fingerprint: FP, userId, claimedAt: AT },
});

describe('signing certificates', () => {
  it('a user has one certificate: a new one replaces it, the same one again changes nothing', () => {
    const command = registered('b'.repeat(64));
    expect(signerDecider.decide({ type: 'Register', data: command.data }, signer([registered()]))).toEqual([
      command,
    ]);
    expect(
      signerDecider.decide({ type: 'Register', data: registered().data }, signer([registered()])),
    ).toEqual([]);
  });

  it('removing needs a certificate to remove', () => {
    expect(signerDecider.decide({ type: 'Remove', userId: 'u1', at: AT }, signer([registered()]))).toEqual([
      { type: 'SignatureCertificateRemoved', data: { userId: 'u1', fingerprint: FP, removedAt: AT } },
    ]);
    expect(() => signerDecider.decide({ type: 'Remove', userId: 'u1', at: AT }, signer([]))).toThrow(
      NotFoundError,
    );
  });

  it('a certificate names one user until that user lets it go', () => {
    const claim = (userId: string) => ({ type: 'Claim' as const, data: claimed(userId).data });
    expect(certificateDecider.decide(claim('u1'), owner([]))).toEqual([claimed('u1')]);
    expect(certificateDecider.decide(claim('u1'), owner([claimed('u1')]))).toEqual([]);
    expect(() => certificateDecider.decide(claim('u2'), owner([claimed('u1')]))).toThrow(ConflictError);
    const released: Extract<CertificateEvent, { type: 'SignatureCertificateReleased' }> = {
      type: 'SignatureCertificateReleased',
      data: { fingerprint: FP, userId: 'u1', releasedAt: AT },
    };
    expect(certificateDecider.decide(claim('u2'), owner([claimed('u1'), released]))).toEqual([claimed('u2')]);
    // Someone else's release changes nothing.
    expect(
      certificateDecider.decide(
        { type: 'Release', data: { ...released.data, userId: 'u2' } },
        owner([claimed('u1')]),
      ),
    ).toEqual([]);
  });
});

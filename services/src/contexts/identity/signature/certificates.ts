import type { ContextServices } from '../../../platform/context';
import { handleCommand } from '../../../platform/commands/handle-command';
import { loadState } from '../../../platform/commands/decider';
import { acceptableCertificate } from './certificate';
import {
  certificateDecider,
  certificateStream,
  signerDecider,
  signerStream,
  type CertificateCommand,
  type SignerCommand,
} from './certificate-deciders';

type Services = Pick<ContextServices, 'store' | 'clock' | 'newId'>;

/** What the user sees of their registered certificate; never the certificate's key material in full. */
// A type, not an interface: it must fit the response schema's loose object (an index signature).
export type CertificateView = {
  fingerprint: string;
  subject: string;
  valid_from: string;
  valid_to: string;
  registered_at: string;
};

export async function certificateOf(
  services: Pick<Services, 'store'>,
  userId: string,
): Promise<CertificateView | null> {
  const { state } = await loadState(services.store, signerStream(userId), signerDecider);
  const c = state.certificate;
  return (
    c && {
      fingerprint: c.fingerprint,
      subject: c.subject,
      valid_from: c.validFrom,
      valid_to: c.validTo,
      registered_at: c.registeredAt,
    }
  );
}

/**
 * Registers the certificate a user will sign in with: claims it first (409 when it is another user's),
 * then makes it the user's one certificate, then lets the replaced one go. A step lost to a crash
 * leaves at most a claim nobody signs in with: the grant needs both the claim and the user's record.
 */
export async function registerCertificate(
  services: Services,
  userId: string,
  certificate: string,
): Promise<CertificateView> {
  const now = services.clock();
  const at = now.toISOString();
  const parsed = acceptableCertificate(certificate, now);
  await certificateCommand(services, parsed.fingerprint, {
    type: 'Claim',
    data: { fingerprint: parsed.fingerprint, userId, claimedAt: at },
  });
  const { state: before } = await loadState(services.store, signerStream(userId), signerDecider);
  await signerCommand(services, userId, {
    type: 'Register',
    data: {
      userId,
      fingerprint: parsed.fingerprint,
      certificate: parsed.pem,
      subject: parsed.subject.slice(0, 2000),
      validFrom: parsed.validFrom,
      validTo: parsed.validTo,
      registeredAt: at,
    },
  });
  const replaced = before.certificate?.fingerprint;
  if (replaced && replaced !== parsed.fingerprint)
    await certificateCommand(services, replaced, {
      type: 'Release',
      data: { fingerprint: replaced, userId, releasedAt: at },
    });
  return (await certificateOf(services, userId))!;
}

/** Removes the user's certificate: signing in with it stops at once. 404 when there is none. */
export async function removeCertificate(services: Services, userId: string): Promise<void> {
  const at = services.clock().toISOString();
  const { events } = await signerCommand(services, userId, { type: 'Remove', userId, at });
  const removed = events[0]?.data.fingerprint;
  if (removed)
    await certificateCommand(services, removed, {
      type: 'Release',
      data: { fingerprint: removed, userId, releasedAt: at },
    });
}

function signerCommand(services: Services, userId: string, command: SignerCommand) {
  return handleCommand(services.store, signerStream(userId), signerDecider, command, {
    eventId: () => services.newId(),
    metadata: { userId },
  });
}

function certificateCommand(services: Services, fingerprint: string, command: CertificateCommand) {
  return handleCommand(services.store, certificateStream(fingerprint), certificateDecider, command, {
    eventId: () => services.newId(),
    metadata: { userId: command.data.userId },
  });
}

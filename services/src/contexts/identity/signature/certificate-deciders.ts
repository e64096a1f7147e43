import type {
  SignatureCertificateClaimedData,
  SignatureCertificateRegisteredData,
  SignatureCertificateReleasedData,
  SignatureCertificateRemovedData,
} from '@sabaq/events';
import { NotFoundError } from '../../../platform/errors';
import { ConflictError } from '../../../platform/errors';

/** `signer-<userId>`: the one certificate a user signs in with; a new one replaces the old. */
export const signerStream = (userId: string) => `signer-${userId}`;
/** `sigcert-<fingerprint>`: whose a certificate is, so one certificate signs in one user only. */
export const certificateStream = (fingerprint: string) => `sigcert-${fingerprint}`;

export type SignerEvent =
  | { type: 'SignatureCertificateRegistered'; data: SignatureCertificateRegisteredData }
  | { type: 'SignatureCertificateRemoved'; data: SignatureCertificateRemovedData };
export type SignerCommand =
  | { type: 'Register'; data: SignatureCertificateRegisteredData }
  | { type: 'Remove'; userId: string; at: string };
export interface SignerState {
  certificate: SignatureCertificateRegisteredData | null;
}

export const signerDecider = {
  initialState: { certificate: null } as SignerState,
  decide(command: SignerCommand, state: SignerState): SignerEvent[] {
    switch (command.type) {
      case 'Register':
        // The same certificate again (a retried request) changes nothing.
        if (state.certificate?.fingerprint === command.data.fingerprint) return [];
        return [{ type: 'SignatureCertificateRegistered', data: command.data }];
      case 'Remove':
        if (!state.certificate) throw new NotFoundError('Сертификат подписи не зарегистрирован');
        return [
          {
            type: 'SignatureCertificateRemoved',
            data: {
              userId: command.userId,
              fingerprint: state.certificate.fingerprint,
              removedAt: command.at,
            },
          },
        ];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
  evolve(state: SignerState, event: SignerEvent): SignerState {
    switch (event.type) {
      case 'SignatureCertificateRegistered':
        return { certificate: event.data };
      case 'SignatureCertificateRemoved':
        return state.certificate?.fingerprint === event.data.fingerprint ? { certificate: null } : state;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};

export type CertificateEvent =
  | { type: 'SignatureCertificateClaimed'; data: SignatureCertificateClaimedData }
  | { type: 'SignatureCertificateReleased'; data: SignatureCertificateReleasedData };
export type CertificateCommand =
  | { type: 'Claim'; data: SignatureCertificateClaimedData }
  | { type: 'Release'; data: SignatureCertificateReleasedData };
export interface CertificateState {
  owner: string | null;
}

export const certificateDecider = {
  initialState: { owner: null } as CertificateState,
  decide(command: CertificateCommand, state: CertificateState): CertificateEvent[] {
    switch (command.type) {
      case 'Claim':
        if (state.owner === command.data.userId) return [];
        if (state.owner !== null)
          throw new ConflictError('Сертификат уже привязан к другому пользователю', {
            certificate: ['Сертификат уже привязан к другому пользователю'],
          });
        return [{ type: 'SignatureCertificateClaimed', data: command.data }];
      case 'Release':
        return state.owner === command.data.userId
          ? [{ type: 'SignatureCertificateReleased', data: command.data }]
          : [];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
  evolve(state: CertificateState, event: CertificateEvent): CertificateState {
    switch (event.type) {
      case 'SignatureCertificateClaimed':
        return { owner: event.data.userId };
      case 'SignatureCertificateReleased':
        return state.owner === event.data.userId ? { owner: null } : state;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};

import { api } from '../api';
import type { TokenAnswer } from '../session';

/** Sign-in through an external OAuth application and the signing application (001 §7). */
export interface OAuthApplication {
  id: string;
  name: string;
  description: string | null;
  app_url: string | null;
}

const anonymous = { anonymous: true } as const;
/** 001 §9: the digital-signature grant's client id. */
export const SIGNATURE_CLIENT_ID = '3';

export const signInAppsApi = {
  applications: async (signal?: AbortSignal) =>
    (await api.get<{ entities: OAuthApplication[] }>('/api/oauth-applications', { ...anonymous, signal }))
      .entities,
  /** The challenge link the browser follows to the application (001 §7). */
  challengeUrl: (id: string, returnUrl: string | null) =>
    `/api/oauth-applications/challenge/${encodeURIComponent(id)}${returnUrl ? `?return_url=${encodeURIComponent(returnUrl)}` : ''}`,
  /** The one-time code the callback handed this browser, for our tokens. */
  redeem: (code: string) =>
    api.post<TokenAnswer>('/api/oauth-applications/sign-in.json', { code }, anonymous),
  signingAppUrl: async (signal?: AbortSignal) =>
    (await api.get<{ entity: { url: string } }>('/api/signing-app.json', { ...anonymous, signal })).entity
      .url,
  signatureToken: (signatureBase64: string) =>
    api.post<TokenAnswer>(
      '/oauth/token',
      new URLSearchParams({
        grant_type: 'digital_signature',
        client_id: SIGNATURE_CLIENT_ID,
        scope: '*',
        signature: signatureBase64,
      }),
      anonymous,
    ),
};

import { api } from '../../../shared/api';
import type { TokenAnswer } from '../../../shared/session';

/** The calls of the authentication modal (001 §7, docs/identity.md); all made signed out. */
const anonymous = { anonymous: true } as const;
type Message = { message?: string };

export interface RegisterPayload {
  invite_code: string;
  firstname: string;
  lastname: string;
  patronymic: string;
  phone: string;
  email: string;
  password: string;
  agree: boolean;
  recaptcha_token?: string;
}

/** Empty optional fields are left out: the server tells "not given" from "given empty". */
function registerBody(payload: RegisterPayload) {
  return Object.fromEntries(
    Object.entries(payload).filter(([, value]) => value !== '' && value !== undefined),
  ) as Partial<RegisterPayload>;
}

export const accessApi = {
  validateRegistration: (payload: RegisterPayload) =>
    api.post<Message>('/api/register/validate.json', registerBody(payload), anonymous),
  /** Answers the token answer when the new user is signed in at once, or just a message. */
  submitRegistration: (payload: RegisterPayload) =>
    api.post<Partial<TokenAnswer> & Message>('/api/register/submit.json', registerBody(payload), anonymous),

  requestPhoneCode: (phone: string) =>
    api.post<Message>('/api/phone/request.json', { phone, action_type: 'register' }, anonymous),
  confirmPhoneCode: (phone: string, code: string) =>
    api.post<Message>('/api/phone/confirm.json', { phone, code }, anonymous),

  requestRecovery: (username: string) =>
    api.post<{ verification_type: 'phone' | 'email' | 'fullname' }>(
      '/api/password/request-via-code.json',
      { username },
      anonymous,
    ),
  checkRecoveryCode: (username: string, action_code: string) =>
    api.post<Message>(
      '/api/verification/check.json',
      { username, action_code, action_type: 'password' },
      anonymous,
    ),
  changeViaCode: (body: {
    username: string;
    action_code: string;
    new_password: string;
    new_password_confirmation: string;
  }) => api.post<Message>('/api/password/change-via-code.json', body, anonymous),
  checkFullname: (body: { username: string; firstname: string; lastname: string }) =>
    api.post<Message>('/api/password/check-via-fullname.json', body, anonymous),
  changeViaFullname: (body: {
    username: string;
    firstname: string;
    lastname: string;
    new_password: string;
    new_password_confirmation: string;
  }) => api.post<Message>('/api/password/change-via-fullname.json', body, anonymous),

  confirmEmail: (email: string, code: string) =>
    api.post<Message>('/api/email/confirm.json', { email, code }, anonymous),
};

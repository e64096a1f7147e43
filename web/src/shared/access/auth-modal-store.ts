import { create } from 'zustand';

/** The views of the authentication modal (001 §2). */
export type AuthView = 'login' | 'register' | 'remind' | 'confirmation' | 'success' | 'oauth' | 'signing';

export interface AuthViewParams {
  /** A code from a link (?action=remind&code=, ?action=confirmation&code=). */
  code?: string;
  email?: string;
  username?: string;
  inviteCode?: string;
  /** The success view's text. */
  message?: string;
}

interface AuthModalState {
  opened: boolean;
  view: AuthView;
  params: AuthViewParams;
  open(view?: AuthView, params?: AuthViewParams): void;
  show(view: AuthView, params?: AuthViewParams): void;
  close(): void;
}

export const useAuthModal = create<AuthModalState>()((set) => ({
  opened: false,
  view: 'login',
  params: {},
  open: (view = 'login', params = {}) => set({ opened: true, view, params }),
  show: (view, params = {}) => set({ view, params }),
  close: () => set({ opened: false }),
}));

/** The view a link opens (001 §2: action=remind with code, action=confirmation with code). */
export function viewFromQuery(search: string): { view: AuthView; params: AuthViewParams } | null {
  const query = new URLSearchParams(search);
  const action = query.get('action');
  const code = query.get('code') ?? undefined;
  const username = query.get('username') ?? undefined;
  const email = query.get('email') ?? undefined;
  if (action === 'remind' && code) return { view: 'remind', params: { code, username } };
  if (action === 'confirmation' && code) return { view: 'confirmation', params: { code, email } };
  // Back from an external OAuth application: a one-time code to redeem, or why it was refused.
  if (action === 'oauth') {
    const oauthCode = query.get('oauth_code') ?? undefined;
    const message = query.get('oauth_error') ?? undefined;
    if (oauthCode || message) return { view: 'oauth', params: { code: oauthCode, message } };
  }
  return null;
}

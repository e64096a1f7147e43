import { create } from 'zustand';
import type { TokenAnswer } from './types';
import { readTokens, STORAGE_KEYS, writeTokens, type StoredTokens } from './token-storage';

interface SessionState extends StoredTokens {
  /** Keeps the tokens of a sign-in or a refresh; a refresh without a new ws token keeps the old one. */
  signIn(answer: TokenAnswer): void;
  signOut(): void;
}

export const useSession = create<SessionState>()((set, get) => ({
  ...readTokens(),
  signIn: (answer) => {
    const tokens = {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token ?? null,
      wsToken: answer.ws_access_token ?? get().wsToken,
    };
    writeTokens(tokens);
    set(tokens);
  },
  signOut: () => {
    const tokens = { accessToken: null, refreshToken: null, wsToken: null };
    writeTokens(tokens);
    set(tokens);
  },
}));

// Another tab signed in or out: follow it, so two tabs never act as two different users.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as never))
      useSession.setState(readTokens());
  });
}

export const isSignedIn = () => useSession.getState().accessToken !== null;

import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { signInAppsApi } from './sign-in-apps-api';
import {
  keyInfoRequest,
  SigningAppConnection,
  type ConnectionState,
  type KeyInfo,
} from './signing-app-client';

/**
 * The signing application as a screen sees it (001 §7, §9): its address from the server, one connection
 * retried every second while the screen is shown, the state and tries, and the key it holds once open.
 * Shared by the sign-in view and the privacy-policy challenge so both speak to the program the same way.
 */
export function useSigningApp() {
  const address = useQuery({
    queryKey: ['signing-app-url'],
    queryFn: ({ signal }) => signInAppsApi.signingAppUrl(signal),
    staleTime: Infinity,
  });
  const [connection, setConnection] = useState<SigningAppConnection | null>(null);
  const [state, setState] = useState<{ state: ConnectionState; attempts: number }>({
    state: 'connecting',
    attempts: 0,
  });
  const [keyInfo, setKeyInfo] = useState<KeyInfo | null>(null);

  useEffect(() => {
    if (!address.data) return;
    const next = new SigningAppConnection(address.data, (s, attempts) => setState({ state: s, attempts }));
    next.start();
    setConnection(next);
    return () => next.stop();
  }, [address.data]);

  useEffect(() => {
    if (state.state !== 'open' || !connection) return;
    connection
      .request(keyInfoRequest())
      .then((info) => setKeyInfo((info ?? null) as KeyInfo | null))
      .catch(() => setKeyInfo(null));
  }, [state.state, connection]);

  return {
    address: address.data,
    connection,
    open: state.state === 'open',
    state: state.state,
    attempts: state.attempts,
    keyInfo,
    keySubject: keyInfo?.subjectCn || keyInfo?.subjectDn || null,
  };
}

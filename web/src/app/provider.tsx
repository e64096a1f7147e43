import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../shared/i18n';
import { queryClient } from '../shared/api/query-client';
import { cssVariablesResolver, theme } from './theme';

/** Toasts: bottom-right, gone after 3 s, as everywhere in the product. */
const TOAST_AUTO_CLOSE_MS = 3_000;

export function AppProvider({ children }: { children: ReactNode }) {
  // Answers may be in the user's language (messages, enumerations): fetch them again in the new one.
  useEffect(() => {
    const refetchInNewLanguage = () => void queryClient.invalidateQueries();
    i18n.on('languageChanged', refetchInNewLanguage);
    return () => i18n.off('languageChanged', refetchInNewLanguage);
  }, []);

  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <Notifications position="bottom-right" autoClose={TOAST_AUTO_CLOSE_MS} />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}

import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { confirmAction } from '../../../shared/ui/confirm-dialog';
import { useExternalAssignmentText } from '../i18n/use-external-assignment-text';
import { safeExternalUrl } from '../model/safe-url';

/**
 * The attempt screen of an external assignment: the teacher's page of another site in a sandboxed frame
 * at full height, a way to open it in a new tab (many sites forbid being framed), the attempt's timer,
 * and finishing after confirmation. The frame keeps scripts, forms, its own origin (sign-in, cookies)
 * and popups; it cannot navigate this page (no allow-top-navigation).
 */
export function ExternalWork({
  url,
  attemptNumber,
  timer,
  finishing,
  onFinish,
}: {
  url: string | null | undefined;
  attemptNumber: number;
  timer: ReactNode;
  finishing: boolean;
  onFinish: () => void;
}) {
  const t = useExternalAssignmentText();
  const work = safeExternalUrl(url);
  const askToFinish = async () => {
    const confirmed = await confirmAction({
      title: t('work.finishTitle'),
      message: t('work.finishText'),
      confirmLabel: t('work.finish'),
    });
    if (confirmed) onFinish();
  };
  return (
    <Stack gap="sm" data-testid="external-work">
      <Group justify="space-between" align="center">
        <Text c="dimmed">{t('work.attempt', { number: attemptNumber })}</Text>
        <Group gap="sm">
          {timer}
          {work ? (
            <Button
              component="a"
              href={work.href}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              data-testid="external-open-tab"
            >
              {t('work.openTab')}
            </Button>
          ) : null}
          <Button
            color="red"
            onClick={() => void askToFinish()}
            loading={finishing}
            data-testid="finish-attempt"
          >
            {t('work.finish')}
          </Button>
        </Group>
      </Group>
      {work ? (
        <>
          <Text size="sm" c="dimmed">
            {t('work.hint')}
          </Text>
          <iframe
            src={work.href}
            title={t('work.frameTitle', { host: work.host })}
            sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
            referrerPolicy="strict-origin-when-cross-origin"
            data-testid="external-frame"
            style={{
              width: '100%',
              // The whole window below the page's header and this bar; a usable height on small screens.
              height: 'calc(100dvh - 220px)',
              minHeight: 480,
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 'var(--mantine-radius-md)',
              background: 'white',
            }}
          />
        </>
      ) : (
        <Alert color="orange" data-testid="external-no-url">
          {t('work.noUrl')}
        </Alert>
      )}
    </Stack>
  );
}

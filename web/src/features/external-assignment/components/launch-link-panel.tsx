import { Anchor, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api';
import { useFormat } from '../../../shared/i18n';
import { confirmAction } from '../../../shared/ui/confirm-dialog';
import { notifySuccess } from '../../../shared/toasts/notify';
import { launchKeys, launchLinkApi, launchLinkQuery } from '../api';
import { useExternalAssignmentText } from '../i18n/use-external-assignment-text';
import { safeExternalUrl } from '../model/safe-url';
import { LaunchCode } from './launch-code';

/**
 * On the teacher's assignment view: the link to post on the school's site or LMS
 * (`/session/assignment/{token}`), made, copied, opened, replaced by a new one and revoked, with its short
 * code and QR for a classroom (`/startx`); and, for an external assignment, the address of the work. Hidden from whoever the server refuses the link.
 */
export function LaunchLinkPanel({
  assignmentId,
  externalUrl,
}: {
  assignmentId: string;
  externalUrl?: string | null;
}) {
  const t = useExternalAssignmentText();
  const format = useFormat();
  const queryClient = useQueryClient();
  const key = launchKeys.link(assignmentId);
  const link = useQuery(launchLinkQuery(assignmentId));
  const keep = (value: unknown) => queryClient.setQueryData(key, value);
  const issue = useMutation({ mutationFn: () => launchLinkApi.issue(assignmentId), onSuccess: keep });
  const renew = useMutation({
    mutationFn: () => launchLinkApi.renew(assignmentId),
    onSuccess: (made) => {
      keep(made);
      notifySuccess(t('link.renewed'));
    },
  });
  const revoke = useMutation({
    mutationFn: () => launchLinkApi.revoke(assignmentId),
    onSuccess: () => {
      keep(null);
      notifySuccess(t('link.revoked'));
    },
  });
  if (link.isError && isApiError(link.error) && [403, 404].includes(link.error.httpStatus)) return null;
  const url = link.data ? `${window.location.origin}${link.data.path}` : '';
  const work = safeExternalUrl(externalUrl);
  const askToRenew = async () => {
    const confirmed = await confirmAction({
      title: t('link.renew'),
      message: t('link.renewConfirm'),
      confirmLabel: t('link.renew'),
    });
    if (confirmed) renew.mutate();
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="launch-link-title"
      data-testid="launch-link"
    >
      <Stack gap="sm">
        <Title order={2} fz="md" id="launch-link-title">
          {t('link.title')}
        </Title>
        {work ? (
          <Text size="sm">
            {t('link.externalUrl')}:{' '}
            <Anchor href={work.href} target="_blank" rel="noopener noreferrer" data-testid="external-url">
              {work.href}
            </Anchor>
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {t('link.hint')}
        </Text>
        {link.data ? (
          <>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                readOnly
                value={url}
                aria-label={t('link.title')}
                data-testid="launch-link-url"
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: 1 }}
              />
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button color={copied ? 'teal' : undefined} onClick={copy} data-testid="launch-link-copy">
                    {copied ? t('link.copied') : t('link.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Group gap="xs">
              <Text size="xs" c="dimmed">
                {t('link.issuedAt', { date: format.dateTime(link.data.issued_at) })}
              </Text>
              <Anchor href={link.data.path} target="_blank" rel="noopener" size="sm">
                {t('link.open')}
              </Anchor>
              <Button
                size="xs"
                variant="subtle"
                ml="auto"
                loading={renew.isPending}
                onClick={() => void askToRenew()}
                data-testid="launch-link-renew"
              >
                {t('link.renew')}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                loading={revoke.isPending}
                onClick={() => revoke.mutate()}
                data-testid="launch-link-revoke"
              >
                {t('link.revoke')}
              </Button>
            </Group>
            <LaunchCode code={link.data.code} />
          </>
        ) : (
          <Group justify="space-between">
            <Text size="sm">{t('link.none')}</Text>
            <Button
              size="xs"
              loading={issue.isPending || link.isPending}
              onClick={() => issue.mutate()}
              data-testid="launch-link-make"
            >
              {t('link.make')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

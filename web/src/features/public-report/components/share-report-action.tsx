import { Anchor, Button, CopyButton, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api';
import { useFormat } from '../../../shared/i18n';
import { notifySuccess } from '../../../shared/toasts/notify';
import { reportLinkApi, reportLinkKeys, reportLinkQuery } from '../api';

/**
 * The teacher's "share report" on an attempt's result page: makes the public link, copies it, opens it
 * and revokes it. The server refuses (422) where the assignment's settings hide reports, and answers the
 * assignment's own teacher only; the error reaches the usual toast.
 */
export function ShareReportAction({ assignmentId, attemptId }: { assignmentId: string; attemptId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const link = useQuery(reportLinkQuery(assignmentId, attemptId));
  const settle = () =>
    queryClient.invalidateQueries({ queryKey: reportLinkKeys.of(assignmentId, attemptId) });
  const share = useMutation({
    mutationFn: () => reportLinkApi.share(assignmentId, attemptId),
    onSuccess: (made) => {
      queryClient.setQueryData(reportLinkKeys.of(assignmentId, attemptId), made);
      void settle();
    },
  });
  const revoke = useMutation({
    mutationFn: () => reportLinkApi.revoke(assignmentId, attemptId),
    onSuccess: () => {
      queryClient.setQueryData(reportLinkKeys.of(assignmentId, attemptId), null);
      notifySuccess(t('publicReport.share.revoked'));
      void settle();
    },
  });
  // Only the assignment's own teacher shares its reports: for anyone else (a manager, a reviewer) the
  // server refuses the link, and the action is not offered.
  if (link.isError && isApiError(link.error) && [403, 404].includes(link.error.httpStatus)) return null;
  const url = link.data ? `${window.location.origin}${link.data.path}` : '';
  return (
    <Popover width={420} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <Button variant="light" data-testid="share-report">
          {t('publicReport.share.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="share-report-panel">
        <Stack gap="sm">
          <Text fw={600}>{t('publicReport.share.title')}</Text>
          <Text size="sm" c="dimmed">
            {t('publicReport.share.hint')}
          </Text>
          {link.data ? (
            <>
              <TextInput
                readOnly
                value={url}
                aria-label={t('publicReport.share.title')}
                data-testid="share-report-url"
                onFocus={(event) => event.currentTarget.select()}
              />
              <Text size="xs" c="dimmed">
                {t('publicReport.share.sharedAt', { date: format.dateTime(link.data.shared_at) })}
              </Text>
              <Group gap="xs">
                <CopyButton value={url}>
                  {({ copied, copy }) => (
                    <Button size="xs" color={copied ? 'teal' : undefined} onClick={copy}>
                      {copied ? t('publicReport.share.copied') : t('publicReport.share.copy')}
                    </Button>
                  )}
                </CopyButton>
                <Anchor href={link.data.path} target="_blank" rel="noopener" size="sm">
                  {t('publicReport.share.open')}
                </Anchor>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  ml="auto"
                  loading={revoke.isPending}
                  onClick={() => revoke.mutate()}
                  data-testid="share-report-revoke"
                >
                  {t('publicReport.share.revoke')}
                </Button>
              </Group>
            </>
          ) : (
            <Group justify="space-between">
              <Text size="sm">{t('publicReport.share.none')}</Text>
              <Button
                size="xs"
                loading={share.isPending || link.isPending}
                onClick={() => share.mutate()}
                data-testid="share-report-make"
              >
                {t('publicReport.share.make')}
              </Button>
            </Group>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

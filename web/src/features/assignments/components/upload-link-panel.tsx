import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { issueUploadLink, UploadLinkShown } from '../../../shared/recording/upload-link';

/**
 * On the teacher's result page of a proctored attempt: a recording the student's browser could not
 * send live (a broken connection, a phone that recorded offline) is sent through this link, from any
 * device, without signing in (docs/media.md, "External sessions"). Issued on request: the link is a
 * key to the attempt's recordings for two hours. The student's own assignment page hands it out too.
 */
export function UploadLinkPanel({ attemptId }: { attemptId: string }) {
  const { t } = useTranslation();
  const issue = useMutation({ mutationFn: () => issueUploadLink(attemptId) });
  return (
    <Paper withBorder radius="md" p="md" component="section" data-testid="upload-link">
      <Stack gap="xs">
        <Title order={2} fz="md">
          {t('assignments.uploadLink.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('assignments.uploadLink.lead')}
        </Text>
        {issue.data ? (
          <UploadLinkShown
            link={issue.data}
            qrLabel={t('assignments.uploadLink.qr')}
            expires={t('assignments.uploadLink.expires')}
            testId="upload-link"
          />
        ) : (
          <Group>
            <Button
              variant="light"
              loading={issue.isPending}
              onClick={() => issue.mutate()}
              data-testid="upload-link-issue"
            >
              {t('assignments.uploadLink.issue')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

import { Anchor, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api';

interface UploadLink {
  url: string;
  qr: string;
  expiresAt: string;
}

/** The attempt's upload link (/session/upload/{token}) and its QR, as the exam hands out the second camera's. */
async function issueUploadLink(attemptId: string): Promise<UploadLink> {
  const { entity } = await api.post<{ entity: { path: string; expires_at: string } }>(
    '/api/webinar-sessions/external-token',
    { assignment_attempt_id: attemptId, purpose: 'upload' },
  );
  const url = `${window.location.origin}${entity.path}`;
  // SVG text, not a canvas: light, and sharp at any size.
  const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return {
    url,
    qr: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
    expiresAt: entity.expires_at,
  };
}

/**
 * On the teacher's result page of a proctored attempt: a recording the student's browser could not
 * send live (a broken connection, a phone that recorded offline) is sent through this link, from any
 * device, without signing in (docs/media.md, "External sessions"). Issued on request: the link is a
 * key to the attempt's recordings for two hours.
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
          <Group align="flex-start" gap="md" wrap="wrap">
            <Image src={issue.data.qr} alt={t('assignments.uploadLink.qr')} w={160} h={160} />
            <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
              <Anchor
                href={issue.data.url}
                target="_blank"
                rel="noreferrer"
                style={{ wordBreak: 'break-all' }}
                data-testid="upload-link-url"
              >
                {issue.data.url}
              </Anchor>
              <Text size="xs" c="dimmed">
                {t('assignments.uploadLink.expires')}
              </Text>
            </Stack>
          </Group>
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

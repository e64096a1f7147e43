import { Anchor, Group, Image, Stack, Text } from '@mantine/core';
import QRCode from 'qrcode';
import { api } from '../api';

/** An attempt's upload link (/session/upload/{token}, docs/media.md "External sessions") and its QR. */
export interface UploadLink {
  url: string;
  /** The QR code of `url` as an SVG data address. */
  qr: string;
  expiresAt: string;
}

/**
 * Asks the platform for the attempt's upload link: the student for their own attempt, the assignment's
 * teachers and the school's staff for any of it (the route's rule). A key to the attempt's recordings
 * for two hours, so it is issued on request, never on page load.
 */
export async function issueUploadLink(attemptId: string): Promise<UploadLink> {
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

/** The issued link: its QR for a phone, the address to open or copy, and how long it lasts. */
export function UploadLinkShown(props: {
  link: UploadLink;
  qrLabel: string;
  expires: string;
  testId: string;
}) {
  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <Image src={props.link.qr} alt={props.qrLabel} w={160} h={160} data-testid={`${props.testId}-qr`} />
      <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
        <Anchor
          href={props.link.url}
          target="_blank"
          rel="noreferrer"
          style={{ wordBreak: 'break-all' }}
          data-testid={`${props.testId}-url`}
        >
          {props.link.url}
        </Anchor>
        <Text size="xs" c="dimmed">
          {props.expires}
        </Text>
      </Stack>
    </Group>
  );
}

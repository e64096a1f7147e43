import { Button, Group, Image, Modal, Stack, Text, Title } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useExternalAssignmentText } from '../i18n/use-external-assignment-text';

/** `ABCDEFGH` as it is read aloud and typed: `ABCD-EFGH`. */
export const groupedCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** The QR as an SVG data URL (text, no canvas), as the second camera's link draws it. */
function useQr(text: string): string | null {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((svg) => {
      if (!cancelled) setImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      cancelled = true;
    };
  }, [text]);
  return image;
}

/**
 * The launch link's short code for a classroom, beside the link: the code large, a QR of
 * `<origin>/startx?code=…` for phones, and a full-screen view of both for the projector.
 */
export function LaunchCode({ code }: { code: string }) {
  const t = useExternalAssignmentText();
  const grouped = groupedCode(code);
  const address = `${window.location.origin}/startx`;
  const qr = useQr(`${address}?code=${grouped}`);
  const [projecting, setProjecting] = useState(false);
  const shortAddress = address.replace(/^https?:\/\//, '');
  return (
    <Group align="center" gap="lg" wrap="wrap" data-testid="launch-code">
      {qr ? <Image src={qr} w={140} h={140} alt={t('link.code.qr')} data-testid="launch-code-qr" /> : null}
      <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
        <Text size="sm" fw={500}>
          {t('link.code.title')}
        </Text>
        <Text
          ff="monospace"
          fz={40}
          fw={700}
          lh={1}
          style={{ letterSpacing: '0.12em' }}
          data-testid="launch-code-value"
        >
          {grouped}
        </Text>
        <Text size="xs" c="dimmed">
          {t('link.code.hint', { address: shortAddress })}
        </Text>
        <Group>
          <Button
            size="xs"
            variant="light"
            onClick={() => setProjecting(true)}
            data-testid="launch-code-fullscreen"
          >
            {t('link.code.fullscreen')}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={projecting}
        onClose={() => setProjecting(false)}
        fullScreen
        title={t('link.code.title')}
        closeButtonProps={{ 'aria-label': t('link.code.close') }}
        data-testid="launch-code-projector"
      >
        <Stack align="center" justify="center" gap="xl" mih="80vh" data-testid="launch-code-projector-body">
          <Title order={2} fz={36} ta="center" fw={500}>
            {t('link.code.projectorLead', { address: shortAddress })}
          </Title>
          <Text
            ff="monospace"
            fw={800}
            lh={1}
            ta="center"
            style={{ fontSize: 'min(16vw, 160px)', letterSpacing: '0.1em' }}
          >
            {grouped}
          </Text>
          {qr ? <Image src={qr} w="min(40vh, 420px)" h="min(40vh, 420px)" alt={t('link.code.qr')} /> : null}
        </Stack>
      </Modal>
    </Group>
  );
}

import { Alert, Anchor, Badge, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../../shared/api';
import { postAction } from '../actions/lifecycle';
import { useExamText } from '../i18n/use-exam-text';
import { settingsOf } from '../model/requirements';
import type { ProctoredAssignment } from './exam-preparation';

/** The phone's state as the server sees it (GET /api/webinar-sessions/external-status.json). */
type CameraState = 'waiting' | 'live' | 'closed' | 'lost';

/** Often enough to notice a closed phone within a heartbeat or two. */
const STATUS_POLL_MS = 5_000;
/** A new link well before the old one's two hours are out. */
const LINK_RENEW_MS = 90 * 60_000;

/** The assignment asks for a second camera: its settings (on by default) and the teacher's manual flags. */
export function wantsSecondCamera(assignment: ProctoredAssignment): boolean {
  const flags = assignment as ProctoredAssignment & Record<string, unknown>;
  if (!assignment.is_proctoring || flags.second_camera_manual_disabled === true) return false;
  return settingsOf(assignment.settings).second_camera_record || flags.second_camera_manual_enabled === true;
}

/**
 * The second camera during a proctored attempt: the link and its QR code for the student's phone
 * (/session/camera/{token}), the phone's state, and `external_camera_closed` posted each time a phone
 * that was recording stops beating or says it closed. The questions are not held back meanwhile: the
 * attempt's time already runs, and the proctor sees the warning.
 */
export function SecondCameraLink({
  assignment,
  attemptId,
  onClosed,
}: {
  assignment: ProctoredAssignment;
  attemptId: string;
  onClosed: () => void;
}) {
  const t = useExamText();
  const wanted = wantsSecondCamera(assignment);
  const [url, setUrl] = useState<string | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [state, setState] = useState<CameraState>('waiting');
  const [showCode, setShowCode] = useState(true);
  const wasLive = useRef(false);
  const closed = useRef(onClosed);
  closed.current = onClosed;

  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    const fetchLink = () =>
      api
        .post<{ entity: { path: string } }>('/api/webinar-sessions/external-token', {
          assignment_attempt_id: attemptId,
          purpose: 'camera',
        })
        .then(async ({ entity }) => {
          const link = `${window.location.origin}${entity.path}`;
          // SVG text, not a canvas: no drawing or PNG encoding on the exam's main thread.
          const svg = await QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
          const image = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
          if (cancelled) return;
          setUrl(link);
          setQr(image);
        })
        .catch(() => undefined);
    void fetchLink();
    const renew = setInterval(() => void fetchLink(), LINK_RENEW_MS);
    return () => {
      cancelled = true;
      clearInterval(renew);
    };
  }, [wanted, attemptId]);

  useEffect(() => {
    if (!wanted) return;
    const read = () =>
      api
        .get<{ entity: { state: CameraState; webinar_session_id: string | null } }>(
          '/api/webinar-sessions/external-status.json',
          { query: { assignment_attempt_id: attemptId } },
        )
        .then(({ entity }) => {
          setState(entity.state);
          if (entity.state === 'live') {
            wasLive.current = true;
            setShowCode(false);
          } else if (wasLive.current && (entity.state === 'closed' || entity.state === 'lost')) {
            // Once per loss: armed again when a phone is live again.
            wasLive.current = false;
            setShowCode(true);
            postAction(
              { assignment_id: assignment.id, assignment_attempt_id: attemptId },
              'external_camera_closed',
              {
                description: entity.state,
                ...(entity.webinar_session_id ? { webinar_session_id: entity.webinar_session_id } : {}),
              },
            );
            closed.current();
          }
        })
        .catch(() => undefined);
    void read();
    const timer = setInterval(() => void read(), STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [wanted, attemptId, assignment.id]);

  if (!wanted) return null;
  const live = state === 'live';
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="second-camera-title"
      data-testid="second-camera"
      data-state={state}
    >
      <Group justify="space-between" gap="xs">
        <Title order={2} fz="md" id="second-camera-title">
          {t('secondCamera.title')}
        </Title>
        <Badge
          color={live ? 'green' : state === 'waiting' ? 'blue' : 'orange'}
          variant="light"
          aria-live="polite"
        >
          {t(`secondCamera.${state}`)}
        </Badge>
      </Group>
      {state === 'closed' || state === 'lost' ? (
        <Alert color="orange" mt="xs" p="xs">
          {t('secondCamera.reconnect')}
        </Alert>
      ) : null}
      {showCode ? (
        <Group mt="sm" align="flex-start" gap="md" wrap="wrap">
          {qr ? (
            <Image src={qr} w={180} h={180} alt={t('secondCamera.qr')} data-testid="second-camera-qr" />
          ) : null}
          <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
            <Text fz="sm">{t('secondCamera.scan')}</Text>
            {url ? (
              <Anchor
                href={url}
                target="_blank"
                rel="noreferrer"
                fz="sm"
                style={{ wordBreak: 'break-all' }}
                data-testid="second-camera-url"
              >
                {url}
              </Anchor>
            ) : null}
            <Text fz="xs" c="dimmed">
              {t('secondCamera.noSignIn')}
            </Text>
          </Stack>
        </Group>
      ) : (
        <Button variant="subtle" size="xs" mt={4} onClick={() => setShowCode(true)}>
          {t('secondCamera.showCode')}
        </Button>
      )}
    </Paper>
  );
}

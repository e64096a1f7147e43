import { Alert, Anchor, Badge, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/api';
import { assignmentWebinarQuery, webinarsApi } from '../api';
import { useWebinarText } from '../i18n/use-webinar-text';
import { useWebinarCall, type CallState } from '../use-webinar-call';
import { VideoTile } from './video-tile';

type Text = ReturnType<typeof useWebinarText>;

const STATE_BADGE: Record<CallState, { key: Parameters<Text>[0]; color: string }> = {
  connecting: { key: 'stateConnecting', color: 'gray' },
  live: { key: 'stateLive', color: 'green' },
  ended: { key: 'stateEnded', color: 'blue' },
  forbidden: { key: 'stateUnavailable', color: 'red' },
  'no-devices': { key: 'stateUnavailable', color: 'yellow' },
  full: { key: 'stateUnavailable', color: 'yellow' },
  lost: { key: 'stateUnavailable', color: 'red' },
};

/** The way back to the assignment, in the area the page was opened from (teacher's /t, student's /s). */
function BackLink({ to, text }: { to: string; text: Text }) {
  return (
    <Anchor component={Link} to={to} size="sm" data-testid="webinar-back">
      ← {text('back')}
    </Anchor>
  );
}

/**
 * An assignment's webinar (`/t/assignments/webinar/{assignment}`, and the student's
 * `/s/assignments/{assignment}/webinar`): a small video meeting in tile view, with the camera and
 * microphone switchable, and the moderator (the teacher) able to end it for everyone.
 */
/**
 * `chat` renders the webinar's chat under the call: the app passes the chat feature's panel in
 * (features do not import each other; docs/architecture.md "Web layers").
 */
export function WebinarPage({ chat }: { chat?: (webinarId: string) => ReactNode } = {}) {
  const text = useWebinarText();
  const navigate = useNavigate();
  const { assignment = '' } = useParams();
  const area = useLocation().pathname.startsWith('/t/') ? 't' : 's';
  const back = `/${area}/assignments/${encodeURIComponent(assignment)}`;
  const webinar = useQuery({
    ...assignmentWebinarQuery(assignment),
    meta: { errorToast: false },
    retry: false,
  });
  const call = useWebinarCall(webinar.data);
  const [camera, setCamera] = useState(true);
  const [mic, setMic] = useState(true);
  const [ending, setEnding] = useState(false);

  if (webinar.isPending) return <Loader aria-label={text('connecting')} />;
  if (webinar.isError) {
    // Still a page: its heading, why there is no call, and the way back.
    const missing = isApiError(webinar.error) && webinar.error.httpStatus === 404;
    return (
      <Stack gap="md" data-testid="webinar-page" data-state="unavailable">
        <BackLink to={back} text={text} />
        <Title order={1}>{text('title')}</Title>
        <Alert color={missing ? 'gray' : 'red'} data-testid="webinar-unavailable">
          {missing ? text('notFound') : text('forbidden')}
        </Alert>
      </Stack>
    );
  }
  const data = webinar.data;
  const tiles = 1 + call.peers.length;
  return (
    <Stack gap="md" data-testid="webinar-page" data-state={call.state}>
      <BackLink to={back} text={text} />
      <Group justify="space-between" wrap="wrap">
        <div>
          <Group gap="sm">
            <Title order={1}>{data.name}</Title>
            <Badge color={STATE_BADGE[call.state].color} variant="light" data-testid="webinar-state">
              {text(STATE_BADGE[call.state].key)}
            </Badge>
          </Group>
          <Text c="dimmed">
            {text('title')} · {text('people', { count: tiles })}
            {data.type === 'sfu' && <span data-testid="webinar-via-server"> · {text('viaServer')}</span>}
          </Text>
        </div>
        {call.state === 'live' ? (
          <Group gap="xs">
            <Button
              variant={camera ? 'light' : 'filled'}
              onClick={() => {
                call.toggle('video');
                setCamera(!camera);
              }}
              aria-pressed={!camera}
              data-testid="webinar-camera"
            >
              {camera ? text('cameraOff') : text('cameraOn')}
            </Button>
            <Button
              variant={mic ? 'light' : 'filled'}
              onClick={() => {
                call.toggle('audio');
                setMic(!mic);
              }}
              aria-pressed={!mic}
              data-testid="webinar-mic"
            >
              {mic ? text('micOff') : text('micOn')}
            </Button>
            {data.is_moderator ? (
              <Button
                color="red"
                loading={ending}
                data-testid="webinar-end"
                onClick={async () => {
                  setEnding(true);
                  try {
                    await webinarsApi.end(data.id);
                    call.setState('ended');
                  } finally {
                    setEnding(false);
                  }
                }}
              >
                {text('end')}
              </Button>
            ) : null}
            <Button variant="default" onClick={() => void navigate(back)} data-testid="webinar-leave">
              {text('leave')}
            </Button>
          </Group>
        ) : null}
      </Group>
      {call.state === 'ended' ? (
        <Alert color="blue" data-testid="webinar-ended">
          {text('ended')}
        </Alert>
      ) : call.state === 'forbidden' ? (
        <Alert color="red">{text('forbidden')}</Alert>
      ) : call.state === 'no-devices' ? (
        <Alert color="yellow">{text('noDevices')}</Alert>
      ) : call.state === 'full' ? (
        <Alert color="yellow" data-testid="webinar-full">
          {text('roomFull')}
        </Alert>
      ) : call.state === 'lost' ? (
        <Alert color="red" data-testid="webinar-lost">
          {text('lost')}
        </Alert>
      ) : null}
      {call.state === 'live' && call.local ? (
        <SimpleGrid
          cols={{ base: 1, sm: tiles > 1 ? 2 : 1, lg: tiles > 4 ? 3 : tiles > 1 ? 2 : 1 }}
          spacing="sm"
        >
          <VideoTile stream={call.local} label={text('you')} self />
          {call.peers.map((peer, index) => (
            <VideoTile
              key={peer.socketId}
              stream={peer.stream}
              label={
                data.people?.find((person) => person.id === peer.userId)?.name ??
                `${text('participant')} ${index + 1}`
              }
            />
          ))}
        </SimpleGrid>
      ) : null}
      {call.state === 'live' && call.peers.length === 0 ? (
        <Text c="dimmed" data-testid="webinar-waiting">
          {text('waiting')}
        </Text>
      ) : null}
      {call.state === 'connecting' ? <Loader aria-label={text('connecting')} /> : null}
      {chat?.(data.id)}
    </Stack>
  );
}

import { Box, Button, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { FORMAT_TAGS } from '../../../shared/i18n/locales';
import { useLocale } from '../../../shared/i18n/use-locale';
import type { ChatDetails, ChatPerson } from '../api';
import { useChatText } from '../i18n/chat-text';
import { lastSeen } from '../last-seen';

/**
 * 001 §2 the settings/info window: the chat's participants with their online state (an offline one with
 * when they were last active, last-seen.ts); each other person
 * can be written to personally, and the chat's teachers mute or unmute a student.
 */
export function ChatInfo(props: {
  chat: ChatDetails;
  me: string | undefined;
  onWrite(userId: string): void;
  onMute(userId: string, muted: boolean): void;
}) {
  const { chat, me } = props;
  const text = useChatText();
  return (
    <Stack gap={6} data-testid="chat-info">
      <Text size="sm" fw={600}>
        {text('participants', { count: chat.participants_count ?? chat.participants.length })}
      </Text>
      <ScrollArea.Autosize mah={360}>
        <Stack gap={4}>
          {chat.participants.map((p) => (
            <Group key={p.id} gap="xs" wrap="nowrap" data-testid={`chat-participant-${p.id}`}>
              <Box
                w={8}
                h={8}
                style={{
                  borderRadius: '50%',
                  flexShrink: 0,
                  background: p.is_online ? 'var(--mantine-color-green-6)' : 'var(--mantine-color-gray-4)',
                }}
                aria-label={p.is_online ? text('online') : text('offline')}
                title={p.is_online ? text('online') : text('offline')}
                data-online={p.is_online ? 'true' : 'false'}
              />
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" truncate>
                  {p.name}
                  {p.is_moderator ? ` · ${text('teacher')}` : ''}
                  {p.is_muted ? ` · ${text('mutedMark')}` : ''}
                </Text>
                <LastSeenLine person={p} />
              </Box>
              {p.id !== me && chat.type !== 'personal' ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => props.onWrite(p.id)}
                  data-testid="chat-write"
                >
                  {text('write')}
                </Button>
              ) : null}
              {chat.is_moderator && p.id !== me && !p.is_moderator ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color={p.is_muted ? 'blue' : 'red'}
                  onClick={() => props.onMute(p.id, !p.is_muted)}
                  data-testid="chat-mute"
                >
                  {p.is_muted ? text('unmute') : text('mute')}
                </Button>
              ) : null}
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** "был(а) в сети …" under an offline participant's name; nothing when online or never active. */
function LastSeenLine({ person }: { person: ChatPerson }) {
  const text = useChatText();
  const { locale } = useLocale();
  const seen = person.is_online ? null : lastSeen(person.last_activity_date, new Date(), FORMAT_TAGS[locale]);
  if (seen === null) return null;
  return (
    <Text size="xs" c="dimmed" truncate data-testid="chat-last-seen">
      {text(seen.key, seen.values)}
    </Text>
  );
}

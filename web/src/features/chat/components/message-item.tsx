import { Box, Button, Group, Paper, Text } from '@mantine/core';
import { useFormat } from '../../../shared/i18n/use-format';
import type { ChatMessage } from '../api';
import { useChatText } from '../i18n/chat-text';

/**
 * One message. Its text is rendered as text (React escapes it): whatever markup someone typed is shown,
 * never run. Service lines ("joined") are centred and quiet; deleted messages keep their place.
 */
export function MessageItem(props: {
  message: ChatMessage;
  mine: boolean;
  author: string;
  parent: ChatMessage | undefined;
  onReply(): void;
}) {
  const { message: m, mine, author, parent } = props;
  const text = useChatText();
  const format = useFormat();
  if (m.is_service) {
    return (
      <Text size="xs" c="dimmed" ta="center" data-testid="chat-service-line">
        {text(m.action === 'left' ? 'left' : 'joined', { name: author })}
      </Text>
    );
  }
  return (
    <Box style={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '80%' }} data-testid="chat-message">
      <Paper withBorder p={8} radius="md" bg={mine ? 'var(--mantine-color-blue-light)' : undefined}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" fw={600}>
            {author}
          </Text>
          <Text size="xs" c="dimmed">
            {format.time(m.created_at)}
          </Text>
        </Group>
        {parent ? (
          <Text
            size="xs"
            c="dimmed"
            lineClamp={1}
            style={{ borderLeft: '2px solid var(--mantine-color-gray-4)', paddingLeft: 6 }}
          >
            {parent.message ?? text('deleted')}
          </Text>
        ) : null}
        <Text
          size="sm"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="chat-message-text"
        >
          {m.is_deleted ? text('deleted') : m.message}
        </Text>
      </Paper>
      {m.is_deleted ? null : (
        <Button variant="subtle" size="compact-xs" onClick={props.onReply}>
          {text('reply')}
        </Button>
      )}
    </Box>
  );
}

import { Box, Button, Group, Paper, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useFormat } from '../../../shared/i18n/use-format';
import { showErrorToast } from '../../../shared/api/error-toast';
import { chatApi, type ChatMedia, type ChatMessage } from '../api';
import { useChatText } from '../i18n/chat-text';

/**
 * One message. Its text is rendered as text (React escapes it): whatever markup someone typed is shown,
 * never run. Service lines ("joined") are centred and quiet; deleted messages keep their place. The
 * author may edit and delete their own; the chat's teachers may delete anyone's.
 */
export function MessageItem(props: {
  message: ChatMessage;
  mine: boolean;
  author: string;
  parent: ChatMessage | undefined;
  canDelete: boolean;
  onReply(): void;
  onEdit(text: string): Promise<boolean>;
  onDelete(): void;
}) {
  const { message: m, mine, author, parent } = props;
  const text = useChatText();
  const format = useFormat();
  const [editing, setEditing] = useState<string | null>(null);
  if (m.is_service) {
    return (
      <Text size="xs" c="dimmed" ta="center" data-testid="chat-service-line">
        {text(m.action === 'left' ? 'left' : 'joined', { name: author })}
      </Text>
    );
  }
  const save = async () => {
    if (editing === null || !editing.trim()) return;
    if (await props.onEdit(editing)) setEditing(null);
  };
  return (
    <Box style={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '80%' }} data-testid="chat-message">
      <Paper withBorder p={8} radius="md" bg={mine ? 'var(--mantine-color-blue-light)' : undefined}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" fw={600}>
            {author}
          </Text>
          <Text size="xs" c="dimmed">
            {m.edited_at && !m.is_deleted ? `${text('edited')} · ` : ''}
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
        {editing !== null ? (
          <Stacked>
            <Textarea
              autosize
              minRows={1}
              maxRows={5}
              maxLength={4000}
              value={editing}
              aria-label={text('edit')}
              data-testid="chat-edit-input"
              onChange={(e) => setEditing(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  void save();
                } else if (e.key === 'Escape') setEditing(null);
              }}
            />
            <Group gap={4} justify="flex-end">
              <Button size="compact-xs" variant="subtle" onClick={() => setEditing(null)}>
                {text('cancel')}
              </Button>
              <Button size="compact-xs" onClick={() => void save()} data-testid="chat-edit-save">
                {text('save')}
              </Button>
            </Group>
          </Stacked>
        ) : (
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="chat-message-text"
          >
            {m.is_deleted ? text('deleted') : m.message}
          </Text>
        )}
        {m.media && !m.is_deleted ? <Attachment media={m.media} /> : null}
      </Paper>
      {m.is_deleted || editing !== null ? null : (
        <Group gap={0}>
          <Button variant="subtle" size="compact-xs" onClick={props.onReply}>
            {text('reply')}
          </Button>
          {mine && m.message !== null ? (
            <Button
              variant="subtle"
              size="compact-xs"
              color="gray"
              onClick={() => setEditing(m.message ?? '')}
              data-testid="chat-message-edit"
            >
              {text('edit')}
            </Button>
          ) : null}
          {props.canDelete ? (
            <Button
              variant="subtle"
              size="compact-xs"
              color="red"
              onClick={props.onDelete}
              data-testid="chat-message-delete"
            >
              {text('remove')}
            </Button>
          ) : null}
        </Group>
      )}
    </Box>
  );
}

/**
 * An attachment by its name, and 'Скачать': the file is the author's library's, which lets the chat's
 * readers have it (the chat's media grant); it is fetched with the token and saved under its name.
 */
function Attachment({ media }: { media: ChatMedia }) {
  const text = useChatText();
  const name = media.name ?? media.id;
  const download = async () => {
    try {
      const url = URL.createObjectURL(await chatApi.attachment(media.id));
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      // Long enough for the browser to start saving it.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      showErrorToast(error);
    }
  };
  return (
    <Group gap={4} wrap="nowrap" data-testid="chat-message-attachment">
      <Text size="xs" c="dimmed" truncate>
        {text('attachment', { name })}
      </Text>
      <Button variant="subtle" size="compact-xs" onClick={() => void download()}>
        {text('download')}
      </Button>
    </Group>
  );
}

function Stacked({ children }: { children: React.ReactNode }) {
  return <Box style={{ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 240 }}>{children}</Box>;
}

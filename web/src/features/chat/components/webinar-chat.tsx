import { Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api';
import type { ChatDetails } from '../api';
import { useChatText } from '../i18n/chat-text';
import { ChatWindow } from './chat-window';

/**
 * A webinar's chat on the webinar's page (docs/chat.md): the same window as in the chat modal, for the
 * webinar's people; anybody else sees 'label-chat-not-support'.
 */
export function WebinarChat({ webinarId }: { webinarId: string }) {
  const text = useChatText();
  const chat = useQuery({
    queryKey: ['chat', 'webinar', webinarId],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ entity: ChatDetails }>(`/api/webinars/${encodeURIComponent(webinarId)}/chat.json`, {
          signal,
        })
      ).entity,
    retry: false,
    meta: { errorToast: false },
  });
  return (
    <Paper withBorder p="sm" h={460} data-testid="webinar-chat">
      {chat.data ? (
        <ChatWindow chatId={chat.data.id} />
      ) : chat.isError ? (
        <Text c="dimmed" ta="center" mt="md">
          {text('label-chat-not-support')}
        </Text>
      ) : null}
    </Paper>
  );
}

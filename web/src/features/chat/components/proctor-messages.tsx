import { Badge, Box, Button, Drawer, Group, Indicator, NavLink, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { IconMessage } from '../../../shared/ui/icons';
import { useRealtimeConnection } from '../../../shared/realtime/realtime-connection';
import { chatApi, type ChatGroup, type WatcherChat } from '../api';
import { GROUPS_KEY, messagesKey, PERSONAL_KEY, WATCHERS_KEY } from '../chat-ui';
import { useChatText } from '../i18n/chat-text';
import { unreadOf, watcherChatsOf } from '../watcher-chats';
import { CATCH_UP_PAUSES_MS, CHAT_TOAST_MS } from '../chat-toast';
import { ChatWindow } from './chat-window';

const toastId = (chatId: string) => `proctor-message-${chatId}`;

/**
 * A proctored exam's window to its watchers (docs/chat.md "During an exam"): the focus mode hides the
 * chat, so this button with its unread badge opens only the personal chats with the people who watch
 * this exam (its proctors, its own teachers), each with its message window (read and reply), and a message from them toasts while the
 * window is closed. Nothing else of the chat is reachable from here.
 */
export function ProctorMessages({ assignmentId }: { assignmentId: string }) {
  const text = useChatText();
  const queryClient = useQueryClient();
  const client = useRealtimeConnection((s) => s.client);
  const [opened, setOpened] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const shown = useRef<string | null>(null);
  shown.current = opened ? selected : null;
  const personal = useQuery({
    queryKey: PERSONAL_KEY,
    queryFn: ({ signal }) => chatApi.personal(signal),
    meta: { errorToast: false },
  });
  const watchers = useQuery({
    queryKey: WATCHERS_KEY(assignmentId),
    queryFn: ({ signal }) => chatApi.watchers(assignmentId, signal),
    meta: { errorToast: false },
  });
  const chats = watcherChatsOf(personal.data ?? [], watchers.data ?? []);
  const unread = unreadOf(chats);
  const current = selected ?? chats[0]?.id ?? null;
  /** Opens the window; the watchers' toasts go, they would cover its composer. */
  const open = () => {
    setOpened(true);
    for (const chat of chats) notifications.hide(toastId(chat.id));
  };

  useEffect(() => {
    if (!client) return;
    /** The chat of a pushed message among the watchers' chats, once the lists have caught up. */
    const watcherChat = async (chatId: string): Promise<ChatGroup | undefined> => {
      for (const pause of CATCH_UP_PAUSES_MS) {
        if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
        await queryClient.invalidateQueries({ queryKey: GROUPS_KEY });
        const found = watcherChatsOf(
          queryClient.getQueryData<ChatGroup[]>(PERSONAL_KEY) ?? [],
          queryClient.getQueryData<WatcherChat[]>(WATCHERS_KEY(assignmentId)) ?? [],
        ).find((chat) => chat.id === chatId);
        if (found) return found;
      }
      return undefined;
    };
    return client.on('ChatMessagePosted', ({ message }) => {
      const chatId = String(message.chat_id);
      if (shown.current === chatId) return;
      void queryClient.invalidateQueries({ queryKey: messagesKey(chatId) });
      void watcherChat(chatId).then((chat) => {
        // Another chat's message (a classmate's, a group's) stays hidden during the exam.
        if (!chat || shown.current === chatId) return;
        notifications.show({
          id: toastId(chatId),
          title: text('proctorToast', { name: chat.name }),
          message: message.message ?? '',
          autoClose: CHAT_TOAST_MS,
          onClick: () => {
            setSelected(chatId);
            setOpened(true);
            notifications.hide(toastId(chatId));
          },
          style: { cursor: 'pointer' },
          'data-testid': 'proctor-message-toast',
        });
      });
    });
  }, [client, queryClient, text, assignmentId]);

  return (
    <>
      <Indicator label={unread} size={16} disabled={unread === 0} offset={4} data-testid="proctor-unread">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconMessage size={16} />}
          onClick={() => open()}
          data-testid="proctor-messages"
        >
          {text('proctorTitle')}
        </Button>
      </Indicator>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        size="min(520px, 100vw)"
        title={text('proctorTitle')}
        data-testid="proctor-messages-drawer"
      >
        {chats.length === 0 ? (
          <Text c="dimmed" size="sm" data-testid="proctor-messages-empty">
            {text('proctorEmpty')}
          </Text>
        ) : (
          <Stack gap="xs" h="calc(100dvh - 90px)">
            {/* One watcher's chat: its window names them already; several: a tab for each. */}
            {chats.length > 1 ? (
              <Group gap={4} wrap="wrap">
                {chats.map((chat) => (
                  <NavLink
                    key={chat.id}
                    w="auto"
                    active={chat.id === current}
                    onClick={() => setSelected(chat.id)}
                    label={chat.name}
                    data-testid={`proctor-chat-${chat.id}`}
                    rightSection={
                      chat.unread_count ? (
                        <Badge size="sm" circle>
                          {chat.unread_count}
                        </Badge>
                      ) : null
                    }
                  />
                ))}
              </Group>
            ) : null}
            <Box style={{ flex: 1, minHeight: 0 }}>
              {current ? <ChatWindow key={current} chatId={current} /> : null}
            </Box>
          </Stack>
        )}
      </Drawer>
    </>
  );
}

import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { IconMessage } from '../../../shared/ui/icons';
import { useRealtimeConnection } from '../../../shared/realtime/realtime-connection';
import { chatApi, type ChatGroup } from '../api';
import { GROUPS_KEY, messagesKey, PERSONAL_KEY, useChatUi } from '../chat-ui';
import { CHAT_TOAST_MS, chatOfPush } from '../chat-toast';
import { useChatText } from '../i18n/chat-text';
import { usePersonalChatRequests } from '../use-personal-chat-request';
import { ChatModal } from './chat-modal';

/**
 * The header's chat button: the unread badge (the sum over the user's chats), the modal, and the toast
 * for each ChatMessagePosted on the user's own channel unless that chat is open in front of them.
 */
export function ChatButton({ label }: { label: string }) {
  const text = useChatText();
  const queryClient = useQueryClient();
  const ui = useChatUi();
  const client = useRealtimeConnection((s) => s.client);
  usePersonalChatRequests();
  // The badge is secondary: a failure here must not toast on every page (the modal shows its own).
  const groups = useQuery({
    queryKey: GROUPS_KEY,
    queryFn: ({ signal }) => chatApi.groups(signal),
    meta: { errorToast: false },
  });
  const personal = useQuery({
    queryKey: PERSONAL_KEY,
    queryFn: ({ signal }) => chatApi.personal(signal),
    meta: { errorToast: false },
  });
  const unread = [...(groups.data ?? []), ...(personal.data ?? [])].reduce(
    (sum, g) => sum + (g.unread_count ?? 0),
    0,
  );
  const chatNamed = (chatId: string) =>
    [
      ...(queryClient.getQueryData<ChatGroup[]>(GROUPS_KEY) ?? []),
      ...(queryClient.getQueryData<ChatGroup[]>(PERSONAL_KEY) ?? []),
    ].find((g) => g.id === chatId);

  /**
   * The push can arrive before the chats' read model has the message (the socket is fed from the log,
   * the list from a projection that may lag on a busy server): read the list again, a few times with
   * growing pauses, until its chat shows that message, so the badge never stays at a stale count.
   */
  const refreshUntilSeen = async (chatId: string, createdAt: string) => {
    for (const pause of [0, 500, 1_000, 2_000, 4_000, 8_000]) {
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
      await queryClient.invalidateQueries({ queryKey: GROUPS_KEY });
      const group = chatNamed(chatId);
      if (!group || !createdAt || (group.last_message && group.last_message.created_at >= createdAt)) return;
    }
  };

  useEffect(() => {
    if (!client) return;
    return client.on('ChatMessagePosted', ({ message }) => {
      const chatId = String(message.chat_id);
      void refreshUntilSeen(chatId, String(message.created_at ?? ''));
      const inFront = () => {
        const { opened, selected } = useChatUi.getState();
        return opened && selected === chatId;
      };
      if (inFront()) return;
      // The chat's window, if open later, fetches again rather than showing a stale first page.
      void queryClient.invalidateQueries({ queryKey: messagesKey(chatId) });
      // A chat the lists do not have yet (a personal chat just opened by the other person) is named
      // once they have read it, so the toast never says whose message it is with an empty name.
      void chatOfPush(chatId, chatNamed, () => queryClient.invalidateQueries({ queryKey: GROUPS_KEY })).then(
        (group) => {
          if (inFront()) return;
          notifications.show({
            title: group ? text('toastTitle', { name: group.name }) : text('toastTitleBare'),
            message: message.message ?? '',
            autoClose: CHAT_TOAST_MS,
            onClick: () => useChatUi.getState().open(chatId),
            style: { cursor: 'pointer' },
            'data-testid': 'chat-toast',
          });
        },
      );
    });
  }, [client, queryClient, text]);

  return (
    <>
      <Tooltip label={label}>
        <Indicator label={unread} size={16} disabled={unread === 0} offset={4} data-testid="chat-unread">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            onClick={() => ui.open()}
            data-testid="header-chat"
          >
            <IconMessage />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <ChatModal />
    </>
  );
}

import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../shared/api';
import { showErrorToast } from '../../../shared/api/error-toast';
import { IconPaperclip, IconUsers } from '../../../shared/ui/icons';
import { useChannel } from '../../../shared/realtime';
import { useRealtimeConnection } from '../../../shared/realtime/realtime-connection';
import { useCurrentUser } from '../../../shared/session';
import { MediaPicker, type PickedMedia } from '../../media-library';
import { chatApi, type ChatDetails, type ChatMessage } from '../api';
import { mergeMessages } from '../message-store';
import { refreshParticipantsUntil } from '../participants-refresh';
import { GROUPS_KEY, messagesKey, PERSONAL_KEY, useChatUi } from '../chat-ui';
import { useChatText } from '../i18n/chat-text';
import { TypingSender, TypingTracker } from '../typing';
import { ChatInfo } from './chat-info';
import { MessageItem } from './message-item';

const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : undefined;

/**
 * One chat: its messages (newest page first, older pages as the reader scrolls up), the live channel
 * (new messages, typing), the participants, and the composer (Enter posts, Shift+Enter a new line).
 * After a reconnect the window asks for what came after the last message it has, so nothing is missed
 * and, as messages are kept by id, nothing shows twice.
 */
export function ChatWindow({ chatId }: { chatId: string }) {
  const text = useChatText();
  const queryClient = useQueryClient();
  const me = useCurrentUser().user?.id;
  const client = useRealtimeConnection((s) => s.client);
  const channel = `chat.${chatId}`;
  const details = useQuery({
    queryKey: ['chat', chatId, 'details'],
    queryFn: ({ signal }) => chatApi.chat(chatId, signal),
    retry: false,
    // The window shows its own failure ('label-chat-not-support').
    meta: { errorToast: false },
  });
  const pages = useInfiniteQuery({
    queryKey: messagesKey(chatId),
    queryFn: ({ pageParam, signal }) => chatApi.page(chatId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    enabled: details.isSuccess,
  });
  const [live, setLive] = useState<ChatMessage[]>([]);
  const [typists, setTypists] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [attachment, setAttachment] = useState<PickedMedia | null>(null);
  const [picking, setPicking] = useState(false);
  const select = useChatUi((s) => s.select);
  const viewport = useRef<HTMLDivElement>(null);
  const tracker = useMemo(() => new TypingTracker(setTypists), []);
  const sender = useMemo(
    () => new TypingSender((event) => client?.whisper(channel, event)),
    [client, channel],
  );
  useEffect(() => () => tracker.clear(), [tracker]);

  // Oldest first, each message once, whichever way (page, push, resume) it came; edits and deletions win.
  const messages = useMemo(
    () =>
      mergeMessages(
        (pages.data?.pages ?? []).map((p) => p.data),
        live,
      ),
    [pages.data, live],
  );
  const newest = messages.at(-1);
  const readParticipants = async () => {
    await queryClient.invalidateQueries({ queryKey: ['chat', chatId, 'details'] });
    return queryClient.getQueryData<ChatDetails>(['chat', chatId, 'details']);
  };
  const add = (incoming: ChatMessage[]) => setLive((current) => [...current, ...incoming]);

  const channelState = useChannel(details.isSuccess ? channel : null, {
    onEvent: (event, data) => {
      if (event === 'post-message') {
        const message = (data as { message: ChatMessage }).message;
        tracker.end(message.user_id);
        add([message]);
        void queryClient.invalidateQueries({ queryKey: GROUPS_KEY });
        // Somebody joined or left: the participants (the info window, the authors' names) changed.
        if (message.is_service) void refreshParticipantsUntil(message, readParticipants);
      } else if (event === 'edit-message' || event === 'delete-message') {
        // Someone (the author, a moderator) changed a message: shown here at once, no reload.
        add([(data as { message: ChatMessage }).message]);
        void queryClient.invalidateQueries({ queryKey: GROUPS_KEY });
      } else if (event === 'start-typing' || event === 'end-typing') {
        const userId = (data as { user_id: string }).user_id;
        if (userId === me) return;
        if (event === 'start-typing') tracker.start(userId);
        else tracker.end(userId);
      }
    },
    // (Re)subscribed: fetch what the gap may have lost, after the last message shown.
    onSubscribed: () => {
      const last = latest.current;
      if (last) void chatApi.after(chatId, last.id).then(add, () => undefined);
    },
  });
  const latest = useRef(newest);
  latest.current = newest;

  // A personal line's edit or deletion comes on the user's own channel (its two people only).
  useEffect(() => {
    if (!client) return;
    const changed = ({ message }: { message: { chat_id: string | number } }) => {
      if (String(message.chat_id) === chatId) add([message as unknown as ChatMessage]);
    };
    const offEdited = client.on('ChatMessageEdited', changed);
    const offDeleted = client.on('ChatMessageDeleted', changed);
    return () => {
      offEdited();
      offDeleted();
    };
  }, [client, chatId]);

  // Keep the newest message in view, and move the read position to it.
  useEffect(() => {
    if (!newest) return;
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
    void chatApi.read(chatId, newest.id).then(
      () => queryClient.invalidateQueries({ queryKey: GROUPS_KEY }),
      () => undefined,
    );
  }, [newest?.id, chatId, queryClient]);

  const send = async () => {
    const message = draft;
    const media = attachment;
    if (!message.trim() && !media) return;
    sender.stop();
    setDraft('');
    const parent = replyTo;
    setReplyTo(null);
    setAttachment(null);
    try {
      const id = newId();
      add([
        await chatApi.post({
          chat_id: chatId,
          message: message.trim() ? message : null,
          parent_id: parent?.id ?? null,
          media_id: media?.id ?? null,
          ...(id ? { id } : {}),
        }),
      ]);
    } catch (error) {
      setDraft(message);
      setReplyTo(parent);
      setAttachment(media);
      showErrorToast(error);
    }
  };
  // An edit or a deletion shows at once here; the others' windows get it pushed (edit-message, delete-message).
  const edit = async (m: ChatMessage, message: string) => {
    try {
      add([await chatApi.edit(m.id, message)]);
      return true;
    } catch (error) {
      showErrorToast(error);
      return false;
    }
  };
  const remove = async (m: ChatMessage) => {
    try {
      await chatApi.remove(m.id);
      add([{ ...m, message: null, media: null, is_deleted: true }]);
      void queryClient.invalidateQueries({ queryKey: GROUPS_KEY });
    } catch (error) {
      showErrorToast(error);
    }
  };
  const writeTo = async (userId: string) => {
    try {
      const chat = await chatApi.openPersonal(userId);
      await queryClient.invalidateQueries({ queryKey: PERSONAL_KEY });
      select(chat.id);
    } catch (error) {
      showErrorToast(error);
    }
  };
  const mute = async (userId: string, muted: boolean) => {
    try {
      queryClient.setQueryData(['chat', chatId, 'details'], await chatApi.mute(chatId, userId, muted));
    } catch (error) {
      showErrorToast(error);
    }
  };

  if (details.isError) {
    const missing = isApiError(details.error) && details.error.httpStatus === 404;
    return (
      <Text c="dimmed" m="auto" data-testid="chat-not-supported">
        {missing ? text('label-chat-not-support') : String(details.error)}
      </Text>
    );
  }
  const people = new Map((details.data?.participants ?? []).map((p) => [p.id, p]));
  // Whom the messages themselves name (pages, and the pushed "joined" / "left" lines): a newcomer's name
  // before the participants are read again, and the name of somebody who has left.
  const named = new Map(messages.flatMap((m) => (m.user ? [[m.user_id, m.user.name] as const] : [])));
  const typingText =
    typists.length === 1
      ? text('typingOne', { name: people.get(typists[0]!)?.name ?? '' })
      : typists.length > 1
        ? text('typingMany', { count: typists.length })
        : '';
  return (
    <Stack gap="xs" h="100%" style={{ minHeight: 0 }}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} truncate>
          {details.data?.name ?? ''}
        </Text>
        <Popover position="bottom-end" withArrow>
          <Popover.Target>
            <Tooltip label={text('info')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={text('info')}
                data-testid="chat-participants-toggle"
              >
                <IconUsers size={18} />
              </ActionIcon>
            </Tooltip>
          </Popover.Target>
          <Popover.Dropdown data-testid="chat-participants">
            {details.data ? (
              <ChatInfo
                chat={details.data}
                me={me}
                onWrite={(userId) => void writeTo(userId)}
                onMute={(userId, muted) => void mute(userId, muted)}
              />
            ) : null}
          </Popover.Dropdown>
        </Popover>
      </Group>
      <ScrollArea
        style={{ flex: 1 }}
        viewportRef={viewport}
        data-testid="chat-messages"
        data-channel-state={channelState}
        onScrollPositionChange={({ y }) => {
          // Infinite scroll upwards: near the top, the next (older) page.
          if (y < 40 && pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
        }}
      >
        {pages.hasNextPage ? (
          <Button variant="subtle" size="xs" fullWidth onClick={() => void pages.fetchNextPage()}>
            {text('older')}
          </Button>
        ) : null}
        {messages.length === 0 && pages.isSuccess ? (
          <Text c="dimmed" size="sm" ta="center" mt="md">
            {text('empty')}
          </Text>
        ) : null}
        <Stack gap={6} p={4}>
          {messages.map((m) => (
            <MessageItem
              key={m.id}
              message={m}
              mine={m.user_id === me}
              author={people.get(m.user_id)?.name ?? m.user?.name ?? named.get(m.user_id) ?? m.user_id}
              parent={m.parent_id ? messages.find((p) => p.id === m.parent_id) : undefined}
              canDelete={m.user_id === me || Boolean(details.data?.is_moderator)}
              onReply={() => setReplyTo(m)}
              onEdit={(message) => edit(m, message)}
              onDelete={() => void remove(m)}
            />
          ))}
        </Stack>
      </ScrollArea>
      <Text size="xs" c="dimmed" h={16} data-testid="chat-typing">
        {typingText}
      </Text>
      {details.data?.is_muted ? <Alert color="yellow">{text('muted')}</Alert> : null}
      {replyTo ? (
        <Group gap="xs" wrap="nowrap" data-testid="chat-reply-bar">
          <Text size="xs" c="dimmed" truncate style={{ flex: 1 }}>
            {text('replyTo', { text: replyTo.message ?? '' })}
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={() => setReplyTo(null)}>
            {text('cancelReply')}
          </Button>
        </Group>
      ) : null}
      {attachment ? (
        <Group gap="xs" wrap="nowrap" data-testid="chat-attachment-bar">
          <Text size="xs" c="dimmed" truncate style={{ flex: 1 }}>
            {text('attachment', { name: attachment.name })}
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={() => setAttachment(null)}>
            {text('removeAttachment')}
          </Button>
        </Group>
      ) : null}
      <MediaPicker
        opened={picking}
        onClose={() => setPicking(false)}
        kinds={['image', 'video', 'audio', 'document', 'other']}
        title={text('attach')}
        onSelect={(media) => {
          setAttachment(media);
          setPicking(false);
        }}
      />
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Tooltip label={text('attach')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={text('attach')}
            disabled={details.data?.is_muted}
            onClick={() => setPicking(true)}
            data-testid="chat-attach"
          >
            <IconPaperclip size={18} />
          </ActionIcon>
        </Tooltip>
        <Textarea
          style={{ flex: 1 }}
          autosize
          minRows={1}
          maxRows={5}
          maxLength={4000}
          value={draft}
          placeholder={text('placeholder')}
          aria-label={text('placeholder')}
          disabled={details.data?.is_muted}
          data-testid="chat-input"
          onChange={(e) => {
            setDraft(e.currentTarget.value);
            sender.input();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void send();
            }
          }}
        />
        <Button onClick={() => void send()} disabled={!draft.trim() && !attachment} data-testid="chat-send">
          {text('send')}
        </Button>
      </Group>
    </Stack>
  );
}

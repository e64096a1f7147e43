import { Badge, Box, Button, Group, Modal, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconArrowLeft } from '../../../shared/ui/icons';
import { chatApi, type ChatGroup } from '../api';
import { GROUPS_KEY, PERSONAL_KEY, useChatUi } from '../chat-ui';
import { useChatText } from '../i18n/chat-text';
import { ChatWindow } from './chat-window';

/** 001 §2 "Chat modal": the group list, then the chosen chat's window (on a phone one at a time). */
export function ChatModal() {
  const text = useChatText();
  const ui = useChatUi();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const groups = useQuery({ queryKey: GROUPS_KEY, queryFn: ({ signal }) => chatApi.groups(signal) });
  const personal = useQuery({
    queryKey: PERSONAL_KEY,
    queryFn: ({ signal }) => chatApi.personal(signal),
    enabled: ui.opened,
  });
  const showList = !phone || ui.selected === null;
  const showWindow = !phone || ui.selected !== null;
  return (
    <Modal
      opened={ui.opened}
      onClose={ui.close}
      title={text('title')}
      size="min(1100px, 95vw)"
      fullScreen={phone}
      data-testid="chat-modal"
    >
      <Group align="stretch" wrap="nowrap" gap="md" h={phone ? 'calc(100dvh - 90px)' : 620}>
        {showList ? (
          <Box w={phone ? '100%' : 300} style={{ flexShrink: 0 }}>
            <Text fw={600} size="sm" mb="xs">
              {text('groups')}
            </Text>
            <ScrollArea h="calc(100% - 28px)" data-testid="chat-groups">
              {groups.data?.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {text('noGroups')}
                </Text>
              ) : null}
              <ChatList chats={groups.data ?? []} selected={ui.selected} onSelect={ui.select} />
              <Text fw={600} size="sm" mt="md" mb="xs">
                {text('personal')}
              </Text>
              {personal.data?.length === 0 ? (
                <Text c="dimmed" size="xs">
                  {text('noPersonal')}
                </Text>
              ) : null}
              <ChatList chats={personal.data ?? []} selected={ui.selected} onSelect={ui.select} />
            </ScrollArea>
          </Box>
        ) : null}
        {showWindow ? (
          <Stack style={{ flex: 1, minWidth: 0 }} gap="xs">
            {phone ? (
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconArrowLeft size={14} />}
                aria-label={text('menu')}
                onClick={() => ui.select(null)}
                data-testid="chat-menu"
              >
                {text('back')}
              </Button>
            ) : null}
            {ui.selected ? (
              <ChatWindow key={ui.selected} chatId={ui.selected} />
            ) : (
              <Text c="dimmed" m="auto">
                {text('pick')}
              </Text>
            )}
          </Stack>
        ) : null}
      </Group>
    </Modal>
  );
}

function ChatList(props: {
  chats: readonly ChatGroup[];
  selected: string | null;
  onSelect(id: string): void;
}) {
  const text = useChatText();
  return (
    <Stack gap={2}>
      {props.chats.map((g) => (
        <NavLink
          key={g.id}
          active={g.id === props.selected}
          onClick={() => props.onSelect(g.id)}
          label={g.name}
          data-testid={`chat-group-${g.id}`}
          description={
            g.last_message
              ? `${g.last_message.user?.name ?? ''}: ${
                  g.last_message.is_deleted ? text('deleted') : (g.last_message.message ?? '')
                }`
              : undefined
          }
          rightSection={
            g.unread_count ? (
              <Badge size="sm" circle>
                {g.unread_count}
              </Badge>
            ) : null
          }
        />
      ))}
    </Stack>
  );
}

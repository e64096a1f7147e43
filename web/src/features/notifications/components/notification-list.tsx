import { Badge, Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useFormat } from '../../../shared/i18n';
import { IconBell } from '../../../shared/ui/icons';
import { notificationText, type Notification } from '../model';

/** The panel's items (000 §2): name, description and date each; an unnamed one gets the default label. */
export function NotificationList({
  items,
  language,
  unnamed,
  newBadge,
  onOpen,
}: {
  items: Notification[];
  language: string;
  unnamed: string;
  newBadge: string;
  onOpen: (item: Notification) => void;
}) {
  const format = useFormat();
  return (
    <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item) => {
        const text = notificationText(item, language);
        const unread = item.is_read === false;
        return (
          <li key={item.id}>
            <UnstyledButton
              onClick={() => onOpen(item)}
              data-testid="notification-item"
              data-unread={unread}
              p="xs"
              w="100%"
              style={{
                borderRadius: 8,
                background: unread ? 'var(--mantine-color-blue-light)' : undefined,
              }}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" radius="xl" color={unread ? 'blue' : 'gray'}>
                  <IconBell size={16} />
                </ThemeIcon>
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Group gap={6} wrap="nowrap" justify="space-between">
                    <Text fw={600}>{text.name || unnamed}</Text>
                    {unread ? (
                      // A long name wraps beside it; the badge keeps its width instead of being cut.
                      <Badge size="xs" variant="filled" style={{ flexShrink: 0 }}>
                        {newBadge}
                      </Badge>
                    ) : null}
                  </Group>
                  {text.description ? (
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {text.description}
                    </Text>
                  ) : null}
                  <Text size="xs" c="dimmed">
                    {format.dateTime(item.created_at)}
                  </Text>
                </div>
              </Group>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}

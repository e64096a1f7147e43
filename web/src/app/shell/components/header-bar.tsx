import { ActionIcon, Badge, Burger, Button, Group, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../../shared/i18n';
import { Brand } from '../../../shared/ui/brand';
import {
  IconBasket,
  IconChevronsLeft,
  IconChevronsRight,
  IconListCheck,
  IconSchool,
} from '../../../shared/ui/icons';
import { ChatButton } from '../../../features/chat';
import { NotificationsBell } from '../../../features/notifications';
import { BasketModal, useGuestBasketMerge } from '../../../features/shop';
import { useNotificationFeed } from '../../../shared/realtime';
import type { User } from '../../../shared/session';
import { useShell } from '../ui-store';

/**
 * The header (001 §2): menu toggle, language, school switcher, chat, basket, notifications and tasks.
 * Focused on a proctored exam: the brand, a note that this is the exam, and the notifications only.
 */
export function HeaderBar({
  user,
  phone,
  focused = false,
}: {
  user: User;
  phone: boolean;
  focused?: boolean;
}) {
  const { t } = useTranslation();
  const shell = useShell();
  const live = useNotificationFeed((state) => state.items);
  const [basketOpened, setBasketOpened] = useState(false);
  // A basket filled before signing in joins the user's now (docs/shop.md).
  useGuestBasketMerge();
  const iconButton = (label: string, icon: React.ReactNode, onClick: () => void, testId: string) => (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        onClick={onClick}
        data-testid={testId}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  const bell = (
    <NotificationsBell
      label={t('shell.header.notifications')}
      live={live}
      onClick={() => shell.openPanel('notifications')}
    />
  );
  if (focused) {
    return (
      <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs" data-testid="focus-header">
        <Group gap="sm" wrap="nowrap">
          <Brand />
          <Badge variant="light" color="blue" data-testid="focus-badge">
            {t('shell.focus.badge')}
          </Badge>
        </Group>
        {bell}
      </Group>
    );
  }
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="sm" wrap="nowrap">
        {phone ? (
          <Burger
            opened={shell.mobileOpened}
            onClick={() => shell.setMobileOpened(!shell.mobileOpened)}
            size="sm"
            aria-label={t('shell.menu.toggle')}
            data-testid="menu-burger"
          />
        ) : (
          <Tooltip label={shell.collapsed ? t('shell.menu.expand') : t('shell.menu.collapse')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={shell.toggleCollapsed}
              aria-label={shell.collapsed ? t('shell.menu.expand') : t('shell.menu.collapse')}
              aria-expanded={!shell.collapsed}
              data-testid="menu-collapse"
            >
              {shell.collapsed ? <IconChevronsRight /> : <IconChevronsLeft />}
            </ActionIcon>
          </Tooltip>
        )}
        <Brand />
      </Group>
      <Group gap={4} wrap="nowrap">
        {phone ? null : (
          <>
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconSchool size={18} />}
              onClick={() => shell.setSchoolsOpened(true)}
              maw={260}
              data-testid="school-switcher"
              aria-label={`${t('shell.header.school')}: ${user.school?.name ?? t('shell.header.noSchool')}`}
            >
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {user.school?.name ?? t('shell.header.noSchool')}
              </span>
            </Button>
            <LanguageSwitcher />
          </>
        )}
        <ChatButton label={t('shell.header.chat')} />
        {iconButton(t('shell.header.basket'), <IconBasket />, () => setBasketOpened(true), 'header-basket')}
        <BasketModal opened={basketOpened} onClose={() => setBasketOpened(false)} />
        {bell}
        {iconButton(
          t('shell.header.tasks'),
          <IconListCheck />,
          () => shell.openPanel('tasks'),
          'header-tasks',
        )}
      </Group>
    </Group>
  );
}

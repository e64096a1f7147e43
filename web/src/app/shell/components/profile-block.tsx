import { ActionIcon, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { groupKey, profilePathOf } from '../../../shared/guards/groups';
import { IconLogout } from '../../../shared/ui/icons';
import { UserAvatar } from '../../../shared/ui/user-avatar';
import { useConfirmedLogout, type User } from '../../../shared/session';
import { fullNameOf } from '../../../shared/person/full-name';
import { useShell } from '../ui-store';

/** The profile block at the foot of the menu (001 §2): avatar, full name, group; logout asks first. */
export function ProfileBlock({ user, collapsed }: { user: User; collapsed: boolean }) {
  const { t } = useTranslation();
  const logout = useConfirmedLogout();
  const profile = profilePathOf(user.group);
  const name = fullNameOf(user);
  const groupName = t(`groups.${groupKey(user.group)}`);
  const avatar = <UserAvatar person={user} size={collapsed ? 36 : 40} />;
  const closeMobile = () => useShell.getState().setMobileOpened(false);
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      justify={collapsed ? 'center' : 'space-between'}
      data-testid="profile-block"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      {profile ? (
        <UnstyledButton
          component={Link}
          to={profile}
          onClick={closeMobile}
          aria-label={collapsed ? `${t('shell.profile.open')}: ${name}` : undefined}
          style={{ minWidth: 0, flex: collapsed ? undefined : 1 }}
        >
          <Group gap="sm" wrap="nowrap">
            {avatar}
            {collapsed ? null : <NameAndGroup name={name} group={groupName} />}
          </Group>
        </UnstyledButton>
      ) : (
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          {avatar}
          {collapsed ? null : <NameAndGroup name={name} group={groupName} />}
        </Group>
      )}
      {collapsed ? null : (
        <Tooltip label={t('shell.logout.action')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={logout}
            aria-label={t('shell.logout.action')}
            data-testid="logout-button"
          >
            <IconLogout size={20} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

function NameAndGroup({ name, group }: { name: string; group: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="sm" fw={600} truncate="end" data-testid="profile-name">
        {name}
      </Text>
      <Text size="xs" c="dimmed" truncate="end" data-testid="profile-group">
        {group}
      </Text>
    </div>
  );
}

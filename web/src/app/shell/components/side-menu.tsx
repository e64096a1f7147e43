import { NavLink, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { matchPath } from 'react-router';
import { useConfirmedLogout } from '../../../shared/session';
import { notifyError } from '../../../shared/toasts/notify';
import { menuOf, type MenuItem } from '../../../shared/navigation/menus';
import { useShell } from '../ui-store';
import { MENU_ICONS } from '../../../shared/navigation/menu-icons';

/** The left menu of the signed-in user's group; icons only while collapsed, with the label as a tooltip. */
export function SideMenu({ group, collapsed }: { group: string; collapsed: boolean }) {
  const { t } = useTranslation();
  const sections = menuOf(group);
  return (
    <ScrollArea style={{ flex: 1 }} type="scroll">
      <Stack component="nav" gap="md" aria-label={t('shell.menu.label')} data-testid="side-menu" py="xs">
        {sections.map((section) => (
          <div key={section.key}>
            {section.key !== 'main' && !collapsed ? (
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
                {t(`shell.menu.sections.${section.key}` as never)}
              </Text>
            ) : null}
            <Stack gap={2}>
              {section.items.map((item) => (
                <MenuEntry key={item.key} item={item} collapsed={collapsed} />
              ))}
            </Stack>
          </div>
        ))}
        {sections.length === 0 && !collapsed ? (
          <Text size="sm" c="dimmed" px="sm" data-testid="empty-menu">
            {t('shell.menu.empty')}
          </Text>
        ) : null}
      </Stack>
    </ScrollArea>
  );
}

function MenuEntry({ item, collapsed }: { item: MenuItem; collapsed: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const closeMobile = () => useShell.getState().setMobileOpened(false);
  const logout = useConfirmedLogout();
  const Icon = MENU_ICONS[item.icon];
  const label = t(`shell.menu.items.${item.key}` as never) as string;
  const common = {
    label: collapsed ? undefined : label,
    'aria-label': collapsed ? label : undefined,
    leftSection: <Icon size={20} />,
    style: { borderRadius: 'var(--mantine-radius-md)' },
    'data-menu-item': item.key,
  };

  let entry;
  if (item.to) {
    const active = Boolean(matchPath({ path: item.to, end: item.end ?? false }, pathname));
    entry = (
      <NavLink
        {...common}
        component={RouterLink}
        to={item.to}
        end={item.end}
        active={active}
        onClick={closeMobile}
      />
    );
  } else if (item.href) {
    entry = <NavLink {...common} component="a" href={item.href} target="_blank" rel="noopener noreferrer" />;
  } else {
    const act =
      item.action === 'logout'
        ? () => void logout()
        : // 001 §2: the digital library only shows a 'not available' error toast.
          () => notifyError(t('shell.menu.libraryUnavailable'));
    entry = <NavLink {...common} component="button" type="button" onClick={act} />;
  }
  return collapsed ? (
    <Tooltip label={label} position="right" withArrow>
      {entry}
    </Tooltip>
  ) : (
    entry
  );
}

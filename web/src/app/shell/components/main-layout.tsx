import { AppShell, Box, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { LanguageSwitcher } from '../../../shared/i18n';
import { useFocusMode } from '../../../shared/ui/focus-mode';
import { SchoolSelectModal } from '../../../features/schools';
import { useCurrentUser } from '../../../shared/session';
import { useShell } from '../ui-store';
import { HeaderBar } from './header-bar';
import classes from './main-layout.module.css';
import { ProfileBlock } from './profile-block';
import { NotificationsPanel, TasksPanel } from './side-panels';
import { SideMenu } from './side-menu';
import { UnavailableModal } from './unavailable-modal';

const NAVBAR_WIDTH = 264;
const NAVBAR_COLLAPSED_WIDTH = 76;

/**
 * The signed-in layout (001 §2): a collapsible left menu of the user's group with the profile block at
 * its foot, and the header. Under 768 px the menu is collapsed away and slides in from the burger. In
 * a proctored exam's focus mode (shared/ui/focus-mode.ts) there is no menu and the header keeps only
 * the brand and the notifications, which bring the proctor's messages.
 */
export function MainLayout({ children }: { children?: ReactNode }) {
  const { user } = useCurrentUser();
  const shell = useShell();
  const focused = useFocusMode();
  const phone = useMediaQuery('(max-width: 767.98px)') ?? false;
  if (!user) return null;
  const collapsed = shell.collapsed && !phone;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={
        focused
          ? undefined
          : {
              width: collapsed ? NAVBAR_COLLAPSED_WIDTH : NAVBAR_WIDTH,
              breakpoint: 'sm',
              collapsed: { mobile: !shell.mobileOpened },
            }
      }
      padding={{ base: 'md', sm: 'lg' }}
      data-testid="main-layout"
      data-collapsed={collapsed}
      data-focus={focused}
    >
      <AppShell.Header>
        <HeaderBar user={user} phone={phone} focused={focused} />
      </AppShell.Header>
      {focused ? null : (
        <AppShell.Navbar className={classes.navbar} data-testid="navbar">
          {phone ? (
            <Stack
              gap="xs"
              pb="sm"
              mb="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <PhoneExtras schoolName={user.school?.name} />
            </Stack>
          ) : null}
          <SideMenu group={user.group} collapsed={collapsed} />
          <ProfileBlock user={user} collapsed={collapsed} />
        </AppShell.Navbar>
      )}
      <AppShell.Main className={classes.main}>
        <Box className={classes.content}>{children ?? <Outlet />}</Box>
      </AppShell.Main>
      <NotificationsPanel />
      {focused ? null : <TasksPanel />}
      <UnavailableModal />
      <SchoolSelectModal
        opened={shell.schoolsOpened}
        required={false}
        onClose={() => shell.setSchoolsOpened(false)}
      />
    </AppShell>
  );
}

/** On a phone the header has no room for the school and the language: they open with the menu. */
function PhoneExtras({ schoolName }: { schoolName?: string }) {
  const shell = useShell();
  return (
    <>
      <LanguageSwitcher />
      <Box
        component="button"
        type="button"
        onClick={() => shell.setSchoolsOpened(true)}
        data-testid="school-switcher"
        style={{
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-md)',
          background: 'none',
          padding: '6px 10px',
          textAlign: 'left',
          cursor: 'pointer',
          font: 'inherit',
        }}
      >
        {schoolName}
      </Box>
    </>
  );
}

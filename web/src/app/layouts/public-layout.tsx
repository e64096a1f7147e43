import { Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { LanguageSwitcher } from '../../shared/i18n';
import { Brand } from '../../shared/ui/brand';
import classes from './public-layout.module.css';

/** Pages open to everyone: a header with the brand and the language, then the page. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <Box className={classes.page}>
      <Box component="header" className={classes.header}>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Brand />
            <LanguageSwitcher />
          </Group>
        </Container>
      </Box>
      <Container component="main" size="lg" py={{ base: 'md', sm: 'xl' }}>
        {children ?? <Outlet />}
      </Container>
    </Box>
  );
}

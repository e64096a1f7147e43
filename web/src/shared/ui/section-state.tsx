import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconHourglass, IconLock } from './icons';

/**
 * An honest empty state for a screen whose back end does not exist yet: what it will be, and that it
 * is not available now. Never fake rows.
 */
export function SectionState({
  kind,
  title,
  text,
  children,
}: {
  /** in-development: the screen is coming; unavailable: this server does not offer it. */
  kind: 'in-development' | 'unavailable';
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="section-state" data-kind={kind}>
      <Stack align="center" gap="sm" ta="center" maw={520} mx="auto">
        <ThemeIcon size={48} radius="xl" variant="light" color={kind === 'unavailable' ? 'gray' : 'blue'}>
          {kind === 'unavailable' ? <IconLock size={26} /> : <IconHourglass size={26} />}
        </ThemeIcon>
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        {children}
      </Stack>
    </Paper>
  );
}

import { Drawer, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './side-panel.module.css';

/** The right-hand slide-in panel of 001 §2: title, description, content, optional footer, close button. */
export function SidePanel({
  opened,
  onClose,
  title,
  description,
  footer,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={title}
      classNames={{ content: classes.content }}
    >
      <Stack gap="md">
        {description ? <Text c="dimmed">{description}</Text> : null}
        {children}
        {footer}
      </Stack>
    </Drawer>
  );
}

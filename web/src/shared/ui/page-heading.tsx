import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface ToolbarItem {
  key: string;
  label: string;
  icon?: ReactNode;
  /** A route to open, or an action to run. */
  to?: string;
  onClick?: () => void;
  /** A disabled item does nothing (001 §2). */
  disabled?: boolean;
  /** visible: false hides the item (001 §2). */
  visible?: boolean;
  variant?: 'filled' | 'light' | 'default' | 'subtle';
  color?: string;
}

/** The page heading of the main layout: title, description and a toolbar; also names the tab. */
export function PageHeading({
  title,
  description,
  toolbar = [],
}: {
  title: string;
  description?: ReactNode;
  toolbar?: ToolbarItem[];
}) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} · ${t('app.name')}`);
  const shown = toolbar.filter((item) => item.visible !== false);
  return (
    <Group justify="space-between" align="flex-start" gap="md" mb="md" wrap="wrap">
      <Stack gap={4} style={{ minWidth: 0, flex: '1 1 320px' }}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" component="div">
            {description}
          </Text>
        ) : null}
      </Stack>
      {shown.length > 0 ? (
        <Group gap="xs" role="toolbar" aria-label={title}>
          {shown.map((item) =>
            item.to && !item.disabled ? (
              <Button
                key={item.key}
                component={Link}
                to={item.to}
                leftSection={item.icon}
                variant={item.variant ?? 'filled'}
                color={item.color}
              >
                {item.label}
              </Button>
            ) : (
              <Button
                key={item.key}
                leftSection={item.icon}
                variant={item.variant ?? 'filled'}
                color={item.color}
                disabled={item.disabled}
                onClick={item.disabled ? undefined : item.onClick}
              >
                {item.label}
              </Button>
            ),
          )}
        </Group>
      ) : null}
    </Group>
  );
}

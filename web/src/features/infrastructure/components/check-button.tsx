import { Button, Group, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** A connection check: the button runs it, and what it found is shown beside (`row`) or under it. */
export function CheckButton<T>({
  run,
  label,
  testId,
  size = 'xs',
  layout,
  result,
}: {
  run: () => Promise<T>;
  label: string;
  testId: string;
  size?: 'xs' | 'sm';
  layout: 'row' | 'column';
  result: (found: T) => ReactNode;
}) {
  const check = useMutation<T>({ mutationFn: run });
  const button = (
    <Button
      size={size}
      variant="light"
      loading={check.isPending}
      onClick={() => check.mutate()}
      data-testid={testId}
    >
      {label}
    </Button>
  );
  const found = check.data === undefined ? null : result(check.data);
  return layout === 'row' ? (
    <Group gap={6} wrap="wrap">
      {button}
      {found}
    </Group>
  ) : (
    <Stack gap={6} align="flex-start">
      {button}
      {found}
    </Stack>
  );
}

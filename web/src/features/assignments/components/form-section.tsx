import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled block of a long form; the title names the group for screen readers too. */
export function FormSection({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  const id = `section-${title.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id} data-testid={testId}>
      <Title order={2} fz="md" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

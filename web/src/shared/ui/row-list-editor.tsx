import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconPlus } from './icons';

/** Replaces row `index` with its fields merged with `patch`. */
export function patchRow<T>(rows: readonly T[], index: number, patch: Partial<T>): T[] {
  return rows.map((row, i) => (i === index ? { ...row, ...patch } : row));
}

export function withoutRow<T>(rows: readonly T[], index: number): T[] {
  return rows.filter((_, i) => i !== index);
}

/**
 * A list of rows edited in place: each row's inputs, a remove button per row, an add button under them.
 * The rows are the parent's state; this only turns add, set and remove by index into new arrays.
 */
export function RowListEditor<T extends object>({
  title,
  rows,
  onChange,
  newRow,
  renderRow,
  addLabel,
  removeLabel,
  empty,
  testId,
}: {
  title: string;
  rows: readonly T[];
  onChange: (rows: T[]) => void;
  /** The row added next, knowing the rows so far (a default name counts them). */
  newRow: (rows: readonly T[]) => T;
  renderRow: (row: T, set: (patch: Partial<T>) => void, index: number) => ReactNode;
  addLabel: string;
  /** One name for every row's remove button, or a name per row ('Remove recipient 2'). */
  removeLabel: string | ((index: number) => string);
  empty?: string;
  testId?: string;
}) {
  return (
    <Stack gap="xs" data-testid={testId}>
      <Text fw={500}>{title}</Text>
      {rows.length === 0 && empty ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : null}
      {rows.map((row, index) => (
        <Group key={rowKey(row, index)} align="flex-start" gap="xs" wrap="wrap">
          {renderRow(row, (patch) => onChange(patchRow(rows, index, patch)), index)}
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={typeof removeLabel === 'string' ? removeLabel : removeLabel(index)}
            onClick={() => onChange(withoutRow(rows, index))}
            mt={24}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        leftSection={<IconPlus size={14} />}
        onClick={() => onChange([...rows, newRow(rows)])}
      >
        {addLabel}
      </Button>
    </Stack>
  );
}

/** A saved row keeps its id as the key; a new one its place (rows without ids are only appended). */
function rowKey(row: object, index: number): string {
  const id = (row as { id?: unknown }).id;
  return typeof id === 'string' && id ? id : `new-${index}`;
}

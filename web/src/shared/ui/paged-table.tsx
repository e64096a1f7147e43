import { Group, Pagination, Paper, Skeleton, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** Hidden under 768 px, where a table has room for two or three columns. */
  wide?: boolean;
}

/** 001 §9: lists show five loading placeholders. */
export const LOADING_ROWS = 5;

/** A list page: the rows, five placeholders while loading, an empty label, and the paginator. */
export function PagedTable<T>({
  columns,
  rows,
  rowKey,
  loading,
  page,
  lastPage,
  onPage,
  empty,
  label,
}: {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  loading: boolean;
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
  empty: string;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={320}>
        <Table
          verticalSpacing="sm"
          highlightOnHover
          aria-label={label}
          aria-busy={loading}
          data-testid="records-table"
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} visibleFrom={column.wide ? 'sm' : undefined}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading
              ? Array.from({ length: LOADING_ROWS }, (_, index) => (
                  <Table.Tr key={index} data-testid="loading-row">
                    {columns.map((column) => (
                      <Table.Td key={column.key} visibleFrom={column.wide ? 'sm' : undefined}>
                        <Skeleton height={14} radius="sm" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : rows?.map((row) => (
                  <Table.Tr key={rowKey(row)} data-testid="record-row">
                    {columns.map((column) => (
                      <Table.Td key={column.key} visibleFrom={column.wide ? 'sm' : undefined}>
                        {column.render(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!loading && rows?.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg" data-testid="records-empty">
          {empty}
        </Text>
      ) : null}
      {lastPage > 1 ? (
        <Group justify="center" p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          {/* 001 §5: moves outside 1..page count are ignored. */}
          <Pagination
            total={lastPage}
            value={page}
            onChange={(next) => next >= 1 && next <= lastPage && onPage(next)}
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({
              'aria-label':
                control === 'previous'
                  ? t('common.previousPage')
                  : control === 'next'
                    ? t('common.nextPage')
                    : undefined,
            })}
          />
        </Group>
      ) : null}
    </Paper>
  );
}

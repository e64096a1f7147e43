import { Group, Pagination, Paper, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryResult } from '../api/types';
import { cellText } from '../model/chart-series';
import { pageCount, pageOfRows, RESULT_PAGE_SIZE } from '../model/result-page';

/** A query's rows, a page at a time (a 10,000-row answer stays quick), with the column types in the header. */
export function ResultTable({ result }: { result: QueryResult }) {
  const { t } = useTranslation();
  const [requested, setRequested] = useState(1);
  const { page, rows } = pageOfRows(result.rows, requested);
  const last = pageCount(result.rows.length);
  if (result.rows.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg" data-testid="result-empty">
        {t('analytics.console.noRows')}
      </Text>
    );
  const first = (page - 1) * RESULT_PAGE_SIZE;
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={320} type="native">
        <Table
          striped
          highlightOnHover
          stickyHeader
          aria-label={t('analytics.console.result')}
          data-testid="result-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={1} c="dimmed">
                #
              </Table.Th>
              {result.columns.map((column) => (
                <Table.Th key={column.name} title={column.type}>
                  {column.name}
                  <Text span size="xs" c="dimmed" ml={6} ff="monospace">
                    {column.type}
                  </Text>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody ff="monospace" fz="sm">
            {rows.map((row, index) => (
              <Table.Tr key={first + index} data-testid="result-row">
                <Table.Td c="dimmed">{first + index + 1}</Table.Td>
                {result.columns.map((column, c) => {
                  const text = cellText(row[c]);
                  return (
                    <Table.Td key={column.name} style={{ whiteSpace: 'nowrap' }}>
                      {text === null ? (
                        <Text span c="dimmed" fs="italic" fz="sm">
                          NULL
                        </Text>
                      ) : (
                        text
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {last > 1 ? (
        <Group justify="center" p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Pagination
            total={last}
            value={page}
            onChange={setRequested}
            siblings={1}
            boundaries={1}
            data-testid="result-pages"
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

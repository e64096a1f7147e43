import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { clampPage } from '../../../shared/api';
import { useFormat } from '../../../shared/i18n';
import { IconPlus, IconSearch } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import { PagedTable, type Column } from '../../../shared/ui/paged-table';
import { assignmentsPageQuery } from '../api';
import type { Assignment } from '../model';
import { StatusBadge } from './status-badge';

/**
 * /t/assignments: the school's assignments a teacher may read, newest first, 25 a page (?page), five
 * loading placeholders, a page past the end shown as the last one (000 §4), search in ?query.
 */
export function AssignmentsListPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const query = (params.get('query') ?? '').trim();
  const requested = clampPage(Number(params.get('page') ?? '1'), Number.MAX_SAFE_INTEGER);
  const [typed, setTyped] = useState(query);
  const list = useQuery(assignmentsPageQuery(requested, query));
  const page = list.data?.current_page ?? requested;

  const columns: Column<Assignment>[] = [
    {
      key: 'name',
      header: t('assignments.fields.name'),
      render: (a) => (
        <Anchor component={Link} to={`/t/assignments/${a.id}`} fw={500}>
          {a.name}
        </Anchor>
      ),
    },
    { key: 'type', header: t('assignments.fields.type'), render: (a) => t(`assignments.types.${a.type}`) },
    {
      key: 'status',
      header: t('assignments.fields.status'),
      render: (a) => <StatusBadge status={a.status} />,
    },
    {
      key: 'students',
      header: t('assignments.fields.students'),
      wide: true,
      render: (a) => format.number(a.students.length),
    },
    {
      key: 'ends',
      header: t('assignments.fields.endingAt'),
      wide: true,
      render: (a) => (a.ending_at_type === 'date' ? format.dateTime(a.ending_at) : t('assignments.noEnd')),
    },
  ];

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key === 'query') next.delete('page');
    setParams(next);
  };

  return (
    <Stack gap="md">
      <PageHeading
        title={t('assignments.title')}
        description={
          list.data ? t('assignments.total', { count: list.data.total }) : t('assignments.description')
        }
        toolbar={[
          {
            key: 'create',
            label: t('assignments.create'),
            icon: <IconPlus size={18} />,
            to: '/t/assignments/create',
          },
        ]}
      />
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setParam('query', typed.trim() || null);
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('assignments.searchLabel')}
            placeholder={t('assignments.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
          <Button type="submit" variant="light">
            {t('common.find')}
          </Button>
        </Group>
      </form>
      {query ? (
        <Text size="sm" c="dimmed">
          {t('assignments.searchFor', { query })}
        </Text>
      ) : null}
      <PagedTable
        label={t('assignments.title')}
        columns={columns}
        rows={list.data?.data}
        rowKey={(a) => a.id}
        loading={list.isPending}
        page={page}
        lastPage={list.data?.last_page ?? 1}
        onPage={(next) => setParam('page', String(next))}
        empty={query ? t('common.nothingFound') : t('assignments.empty')}
      />
    </Stack>
  );
}

import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { clampPage } from '../../../shared/api';
import { useFormat } from '../../../shared/i18n';
import { PageHeading } from '../../../shared/ui/page-heading';
import { PagedTable, type Column } from '../../../shared/ui/paged-table';
import { proctorAssignmentsQuery, schoolRecentActionsQuery, type AssignmentHead } from '../api/roster';
import { recentAssignments, type RecentAssignment } from '../model/recent-assignments';

/**
 * /p/assignments: the school's assignments, 25 a page (?page), five loading placeholders, a page past
 * the end shown as the last (000 §4), as the teacher's list. Should the record API refuse the caller
 * the assignments collection (proctors had no read of it before), the assignments with recent student
 * actions are listed instead, and the page says so.
 */
export function ProctorAssignmentsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const requested = clampPage(Number(params.get('page') ?? '1'), Number.MAX_SAFE_INTEGER);
  const list = useQuery(proctorAssignmentsQuery(requested));
  const refused = list.data === null;
  const recent = useQuery({ ...schoolRecentActionsQuery(), enabled: refused });
  const page = list.data?.current_page ?? requested;

  const columns: Column<AssignmentHead>[] = [
    {
      key: 'name',
      header: t('proctoring.list.name'),
      render: (a) => (
        <Anchor component={Link} to={`/p/assignments/${a.id}`} fw={500}>
          {a.name}
        </Anchor>
      ),
    },
    {
      key: 'status',
      header: t('proctoring.list.status'),
      render: (a) =>
        a.status ? (
          <Badge variant="light">
            {t(`assignments.status.${a.status}` as 'assignments.status.process', a.status)}
          </Badge>
        ) : (
          '—'
        ),
    },
    {
      key: 'students',
      header: t('proctoring.list.students'),
      wide: true,
      render: (a) => format.number(a.students?.length ?? 0),
    },
    {
      key: 'ends',
      header: t('proctoring.list.ends'),
      wide: true,
      render: (a) =>
        a.ending_at_type === 'date' && a.ending_at
          ? format.dateTime(a.ending_at)
          : t('proctoring.list.noEnd'),
    },
  ];

  const recentColumns: Column<RecentAssignment>[] = [
    {
      key: 'name',
      header: t('proctoring.list.name'),
      render: (a) => (
        <Anchor component={Link} to={`/p/assignments/${a.id}`} fw={500}>
          {t('proctoring.list.unnamed', { id: a.id.slice(0, 8) })}
        </Anchor>
      ),
    },
    {
      key: 'last',
      header: t('proctoring.list.lastActivity'),
      render: (a) => format.dateTime(a.lastActivity),
    },
    { key: 'students', header: t('proctoring.list.students'), render: (a) => format.number(a.students) },
    {
      key: 'actions',
      header: t('proctoring.list.actions'),
      wide: true,
      render: (a) => format.number(a.actions),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeading
        title={t('proctoring.list.title')}
        description={
          list.data
            ? t('proctoring.list.total', { count: list.data.total })
            : t('proctoring.list.description')
        }
      />
      {refused ? (
        <>
          <Title order={2} fz="md">
            {t('proctoring.list.recentTitle')}
          </Title>
          <Text size="sm" c="dimmed" data-testid="recent-hint">
            {t('proctoring.list.recentHint')}
          </Text>
          <PagedTable
            label={t('proctoring.list.recentTitle')}
            columns={recentColumns}
            rows={recent.data ? recentAssignments(recent.data) : undefined}
            rowKey={(a) => a.id}
            loading={recent.isPending}
            page={1}
            lastPage={1}
            onPage={() => undefined}
            empty={t('proctoring.list.recentEmpty')}
          />
        </>
      ) : (
        <PagedTable
          label={t('proctoring.list.title')}
          columns={columns}
          rows={list.data?.data}
          rowKey={(a) => a.id}
          loading={list.isPending}
          page={page}
          lastPage={list.data?.last_page ?? 1}
          onPage={(next) => {
            const query = new URLSearchParams(params);
            query.set('page', String(next));
            setParams(query);
          }}
          empty={t('proctoring.list.empty')}
        />
      )}
    </Stack>
  );
}

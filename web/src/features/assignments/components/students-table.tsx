import { ActionIcon, Anchor, Badge, Group, Menu, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/i18n';
import { LOADING_ROWS } from '../../../shared/ui/paged-table';
import { notifySuccess } from '../../../shared/toasts/notify';
import { assignmentCertificatesQuery, CertificateCell, certificatesByStudent } from '../../certificates';
import {
  assignmentKeys,
  assignmentsApi,
  assignmentWorkQuery,
  studentNamesQuery,
  type StudentAction,
} from '../api';
import type { Assignment } from '../model';
import { studentRows, type StudentRow } from '../work-summary';

/** Seconds between refreshes of the students' work while the teacher watches. */
const REFRESH_MS = 10_000;

type RowAction = StudentAction | 'add-time';

/** Every student of the assignment: attempts, state, score, answers to review, and per-student actions. */
export function StudentsTable({ assignment }: { assignment: Assignment }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const work = useQuery({ ...assignmentWorkQuery(assignment.id), refetchInterval: REFRESH_MS });
  const names = useQuery(studentNamesQuery(assignment.students));
  const act = useMutation({
    mutationFn: ({ student, action }: { student: string; action: RowAction }) =>
      action === 'add-time'
        ? assignmentsApi.addTime(assignment.id, student, 10)
        : assignmentsApi.actOnStudent(assignment.id, student, action),
    onSuccess: (_answer, { action }) => {
      notifySuccess(t(`assignments.studentActionDone.${action}`));
      void queryClient.invalidateQueries({ queryKey: assignmentKeys.work(assignment.id) });
    },
  });
  const withCertificates = Boolean(assignment.is_certificate && assignment.certificate_id);
  const certificates = useQuery({
    ...assignmentCertificatesQuery(assignment.id),
    enabled: withCertificates,
  });
  const issued = certificatesByStudent(certificates.data ?? []);
  const rows = work.data ? studentRows(assignment.students, work.data) : undefined;
  const nameOf = (id: string) => names.data?.[id] ?? t('assignments.unknownStudent');
  const stateOf = (row: StudentRow) => {
    if (row.active) return <Badge color="green">{t('assignments.work.active')}</Badge>;
    if (row.latest) return <Badge color="gray">{t('assignments.work.finished')}</Badge>;
    return (
      <Badge variant="outline" color="gray">
        {t('assignments.work.notStarted')}
      </Badge>
    );
  };
  const actionsOf = (row: StudentRow): RowAction[] =>
    row.active ? ['finish', 'add-time', 'reset-time'] : row.latest ? ['restore'] : [];

  return (
    <Paper withBorder radius="md">
      <Title order={2} fz="md" p="md" pb={0}>
        {t('assignments.work.title')}
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table
          verticalSpacing="sm"
          aria-label={t('assignments.work.title')}
          aria-busy={work.isPending}
          data-testid="students-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('assignments.work.student')}</Table.Th>
              <Table.Th>{t('assignments.work.attempts')}</Table.Th>
              <Table.Th>{t('assignments.work.state')}</Table.Th>
              <Table.Th>{t('assignments.work.score')}</Table.Th>
              <Table.Th>{t('assignments.work.result')}</Table.Th>
              {withCertificates ? <Table.Th>{t('certificates.column')}</Table.Th> : null}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows === undefined
              ? Array.from({ length: LOADING_ROWS }, (_, i) => (
                  <Table.Tr key={i} data-testid="loading-row">
                    <Table.Td colSpan={withCertificates ? 7 : 6}>
                      <Skeleton height={14} />
                    </Table.Td>
                  </Table.Tr>
                ))
              : rows.map((row) => (
                  <Table.Tr key={row.studentId} data-testid="student-row">
                    <Table.Td>
                      <Anchor component={Link} to={`/t/student/${row.studentId}`}>
                        {nameOf(row.studentId)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {assignment.max_attempts === null
                        ? format.number(row.attempts.length)
                        : `${format.number(row.attempts.length)} / ${format.number(assignment.max_attempts)}`}
                    </Table.Td>
                    <Table.Td>{stateOf(row)}</Table.Td>
                    <Table.Td data-testid="student-score">
                      {row.score === null
                        ? '—'
                        : `${format.number(row.score)} / ${format.number(assignment.points)}`}
                    </Table.Td>
                    <Table.Td>
                      {row.latest ? (
                        <Group gap={6}>
                          <Anchor
                            component={Link}
                            to={`/t/assignments/result/${assignment.id}/${row.latest.id}`}
                          >
                            {t('assignments.work.open', { number: row.latest.number })}
                          </Anchor>
                          {row.toReview > 0 ? (
                            <Badge color="blue" variant="light">
                              {t('assignments.work.toReview', { count: row.toReview })}
                            </Badge>
                          ) : null}
                        </Group>
                      ) : (
                        <Text c="dimmed">—</Text>
                      )}
                    </Table.Td>
                    {withCertificates ? (
                      <Table.Td>
                        <CertificateCell
                          assignmentId={assignment.id}
                          studentId={row.studentId}
                          studentName={nameOf(row.studentId)}
                          issued={issued.get(row.studentId)}
                        />
                      </Table.Td>
                    ) : null}
                    <Table.Td>
                      {actionsOf(row).length > 0 ? (
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon
                              variant="subtle"
                              aria-label={t('assignments.work.actionsFor', { name: nameOf(row.studentId) })}
                            >
                              ⋯
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            {actionsOf(row).map((action) => (
                              <Menu.Item
                                key={action}
                                onClick={() => act.mutate({ student: row.studentId, action })}
                              >
                                {t(`assignments.studentActions.${action}`)}
                              </Menu.Item>
                            ))}
                          </Menu.Dropdown>
                        </Menu>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

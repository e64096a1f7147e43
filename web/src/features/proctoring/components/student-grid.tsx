import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { requestPersonalChat } from '../../../shared/chat/personal-chat-request';
import { clockTime } from '../model/duration';
import type { GridRow } from '../model/roster';

const STATE_COLORS = {
  not_started: 'gray',
  active: 'teal',
  suspended: 'orange',
  stopped: 'red',
  finished: 'blue',
} as const;

export type StudentAct = 'message' | 'warning' | 'suspend' | 'resume';

/**
 * Every student of the assignment, one row per attempt (one for a student who has not started): its one
 * state, the newest violations, the credibility score, and what a proctor may do in that state (nothing
 * to a finished or not started one but open its timeline). Rows update from the live feed; choosing one
 * opens its timeline.
 */
export function StudentGrid({
  assignmentId,
  rows,
  nameOf,
  selected,
  onOpen,
  onAct,
}: {
  /** The exam: the grid's 'Написать' opens the conversation as one of its watchers. */
  assignmentId: string;
  rows: GridRow[];
  nameOf: (row: GridRow) => string;
  selected: string | null;
  onOpen: (row: GridRow) => void;
  onAct: (row: GridRow, act: StudentAct) => void;
}) {
  const { t } = useTranslation();
  if (rows.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg" data-testid="student-grid" data-count={0}>
        <Text c="dimmed">{t('proctoring.grid.empty')}</Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={720}>
        <Table
          verticalSpacing="xs"
          aria-label={t('proctoring.grid.label')}
          data-testid="student-grid"
          data-count={rows.length}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('proctoring.grid.student')}</Table.Th>
              <Table.Th>{t('proctoring.grid.state')}</Table.Th>
              <Table.Th>{t('proctoring.grid.newest')}</Table.Th>
              <Table.Th ta="right">{t('proctoring.grid.score')}</Table.Th>
              <Table.Th>{t('proctoring.grid.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const name = nameOf(row);
              const isSelected = row.attemptId !== null && row.attemptId === selected;
              return (
                <Table.Tr
                  key={row.key}
                  data-testid="student-row"
                  data-attempt={row.attemptId ?? undefined}
                  data-student={row.studentId}
                  data-state={row.state}
                  data-violations={row.violations}
                  aria-selected={isSelected}
                  bg={isSelected ? 'var(--mantine-color-blue-0)' : undefined}
                >
                  <Table.Td>
                    <Stack gap={0}>
                      <Text fw={500} size="sm">
                        {name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('proctoring.grid.counts', { violations: row.violations, warnings: row.warnings })}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge
                      color={STATE_COLORS[row.state]}
                      styles={{ label: { overflow: 'visible' } }}
                      variant={row.state === 'finished' || row.state === 'not_started' ? 'light' : 'filled'}
                      size="sm"
                      data-testid="attempt-state"
                      data-state={row.state}
                    >
                      {t(`proctoring.state.${row.state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td data-testid="newest-violations">
                    {row.newest.length === 0 ? (
                      <Text size="xs" c="dimmed">
                        {t('proctoring.grid.noNewest')}
                      </Text>
                    ) : (
                      <Stack gap={2}>
                        {row.newest.map((action) => (
                          <Group key={action.id} gap={6} wrap="nowrap" data-type={action.action_type}>
                            <Text size="xs" ff="monospace" c="dimmed">
                              {clockTime(action.created_at)}
                            </Text>
                            <Text size="xs" fw={500} c={action.is_warning ? 'orange.8' : 'red.8'}>
                              {t(
                                `proctoring.types.${action.action_type}` as 'proctoring.types.noise',
                                action.action_type,
                              )}
                            </Text>
                          </Group>
                        ))}
                      </Stack>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {row.score === null ? (
                      '—'
                    ) : (
                      <Text size="sm" fw={500} c={row.score >= 60 ? 'teal' : 'red'}>
                        {row.score}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" aria-label={t('proctoring.act.menu', { name })} role="group">
                      {row.attemptId ? (
                        <Button
                          size="compact-xs"
                          variant={isSelected ? 'filled' : 'light'}
                          onClick={() => onOpen(row)}
                        >
                          {t('proctoring.grid.open')}
                        </Button>
                      ) : null}
                      {/* The personal chat with the student: in the exam's focus mode they see only such chats. */}
                      <Button
                        size="compact-xs"
                        variant="default"
                        onClick={() => requestPersonalChat(row.studentId, assignmentId)}
                        data-testid={`chat-with-${row.studentId}`}
                      >
                        {t('proctoring.act.chat')}
                      </Button>
                      {row.state === 'active' || row.state === 'suspended' ? (
                        <>
                          <Button size="compact-xs" variant="default" onClick={() => onAct(row, 'message')}>
                            {t('proctoring.act.message')}
                          </Button>
                          <Button
                            size="compact-xs"
                            variant="default"
                            color="orange"
                            onClick={() => onAct(row, 'warning')}
                          >
                            {t('proctoring.act.warning')}
                          </Button>
                        </>
                      ) : null}
                      {row.state === 'suspended' ? (
                        <Button
                          size="compact-xs"
                          color="teal"
                          variant="light"
                          onClick={() => onAct(row, 'resume')}
                        >
                          {t('proctoring.act.resume')}
                        </Button>
                      ) : null}
                      {row.state === 'active' ? (
                        <Button
                          size="compact-xs"
                          color="orange"
                          variant="light"
                          onClick={() => onAct(row, 'suspend')}
                        >
                          {t('proctoring.act.suspend')}
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

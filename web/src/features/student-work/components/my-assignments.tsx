import {
  Anchor,
  Badge,
  Group,
  Pagination,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { clampPage } from '../../../shared/api';
import { useFormat } from '../../../shared/i18n';
import { LOADING_ROWS } from '../../../shared/ui/paged-table';
import { PageHeading } from '../../../shared/ui/page-heading';
import { myAssignmentsQuery } from '../api';
import type { StudentAssignment } from '../model';

const STATUS_COLORS = {
  process: 'green',
  remaining: 'blue',
  suspended: 'orange',
  completed: 'gray',
} as const;

function AssignmentCard({ assignment }: { assignment: StudentAssignment }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Paper withBorder radius="md" p="md" data-testid="my-assignment">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor component={Link} to={`/s/assignments/${assignment.id}`} fw={600}>
            {assignment.name}
          </Anchor>
          <Badge color={STATUS_COLORS[assignment.status]} variant="light">
            {t(`work.status.${assignment.status}`)}
          </Badge>
        </Group>
        {assignment.description ? (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {assignment.description}
          </Text>
        ) : null}
        <Text size="sm">
          {assignment.ending_at_type === 'date'
            ? t('work.facts.until', { date: format.dateTime(assignment.ending_at) })
            : t('work.facts.noEnd')}
          {' · '}
          {assignment.complete_time === null
            ? t('work.facts.noTimeLimit')
            : t('work.facts.timeLimit', { count: assignment.complete_time })}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The student's assignments as cards: on the home page (first page) and at /s/assignments (paged). */
export function MyAssignments({ paged }: { paged: boolean }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = paged ? clampPage(Number(params.get('page') ?? '1'), Number.MAX_SAFE_INTEGER) : 1;
  const list = useQuery(myAssignmentsQuery(requested));
  const page = list.data?.current_page ?? requested;
  const lastPage = list.data?.last_page ?? 1;
  return (
    <Stack gap="sm" aria-busy={list.isPending}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {list.isPending
          ? Array.from({ length: LOADING_ROWS }, (_, i) => (
              <Skeleton key={i} height={96} radius="md" data-testid="loading-row" />
            ))
          : list.data?.data.map((a) => <AssignmentCard key={a.id} assignment={a} />)}
      </SimpleGrid>
      {!list.isPending && list.data?.data.length === 0 ? (
        <Text c="dimmed" data-testid="records-empty">
          {t('work.empty')}
        </Text>
      ) : null}
      {paged && lastPage > 1 ? (
        <Group justify="center">
          <Pagination
            total={lastPage}
            value={page}
            onChange={(next) => {
              if (next < 1 || next > lastPage) return;
              const nextParams = new URLSearchParams(params);
              nextParams.set('page', String(next));
              setParams(nextParams);
            }}
          />
        </Group>
      ) : null}
      {!paged && lastPage > 1 ? (
        <Anchor component={Link} to="/s/assignments">
          {t('work.all')}
        </Anchor>
      ) : null}
    </Stack>
  );
}

/** /s/assignments. */
export function MyAssignmentsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t('work.title')} description={t('work.description')} />
      <MyAssignments paged />
    </>
  );
}

/** The home page's section: the student's current assignments under the greeting. */
export function MyAssignmentsSection() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" mt="lg" component="section" aria-labelledby="my-assignments-title">
      <Title order={2} fz="lg" id="my-assignments-title">
        {t('work.title')}
      </Title>
      <MyAssignments paged={false} />
    </Stack>
  );
}

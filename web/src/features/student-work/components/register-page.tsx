import { Alert, Button, Checkbox, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/api';
import { ExamPreparation, requestExamFullscreen, settingsOf } from '../../exam-client';
import { useFormat } from '../../../shared/i18n';
import { PageHeading } from '../../../shared/ui/page-heading';
import { myWorkQuery, studentAssignmentQuery, workApi, workKeys } from '../api';
import { studentState } from '../model';

/** Before the start the page asks the platform again this often, so it opens by itself. */
const WAITING_REFRESH_MS = 15_000;

/**
 * /s/assignments/{assignment}/register: the rules of the attempt, consent to proctoring when the
 * assignment is proctored, waiting for the start, and the start itself (001 §4: register, await
 * start, take, finish).
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useParams().assignment ?? '';
  const assignment = useQuery({
    ...studentAssignmentQuery(id),
    refetchInterval: (query) => (query.state.data?.status === 'remaining' ? WAITING_REFRESH_MS : false),
  });
  const work = useQuery(myWorkQuery(id));
  const [agreed, setAgreed] = useState(false);
  const [equipmentReady, setEquipmentReady] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => workApi.start(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: workKeys.mine(id) });
      void navigate(`/s/assignments/${id}`);
    },
    onError: (error) =>
      setRefusal(isApiError(error) ? (error.fieldError('assignment_id') ?? error.message) : null),
  });
  if (assignment.isPending || work.isPending) return <Skeleton height={320} radius="md" />;
  if (!assignment.data || !work.data) return <PageHeading title={t('work.missing')} />;
  const a = assignment.data;
  const state = studentState(a, work.data.attempts);
  const left = a.max_attempts === null ? null : Math.max(0, a.max_attempts - work.data.attempts.length);
  const needsConsent = a.is_proctoring;
  return (
    <Stack gap="md">
      <PageHeading title={t('work.register.title')} description={a.name} />
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="rules-title">
        <Title order={2} fz="md" mb="sm" id="rules-title">
          {t('work.register.rules')}
        </Title>
        <List spacing="xs">
          <List.Item>
            {a.complete_time === null
              ? t('work.register.noTimeLimit')
              : t('work.register.timeLimit', { count: a.complete_time })}
          </List.Item>
          <List.Item>
            {left === null
              ? t('work.register.attemptsUnlimited')
              : t('work.register.attemptsLeft', { count: left })}
          </List.Item>
          {a.ending_at_type === 'date' ? (
            <List.Item>{t('work.register.until', { date: format.dateTime(a.ending_at) })}</List.Item>
          ) : null}
          {a.is_straight_answer ? <List.Item>{t('work.register.straight')}</List.Item> : null}
          <List.Item>{t('work.register.finishHint')}</List.Item>
        </List>
      </Paper>
      {needsConsent ? (
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="proctoring-title">
          <Title order={2} fz="md" mb="sm" id="proctoring-title">
            {t('work.register.proctoring')}
          </Title>
          <Text mb="sm">{t('work.register.proctoringText')}</Text>
          <Checkbox
            label={t('work.register.consent')}
            checked={agreed}
            onChange={(e) => setAgreed(e.currentTarget.checked)}
            data-testid="proctoring-consent"
          />
        </Paper>
      ) : null}
      {/* The equipment check and the photo come after the consent and before the start. */}
      {needsConsent && agreed && state.kind === 'can-start' ? (
        <ExamPreparation assignment={a} onReady={setEquipmentReady} />
      ) : null}
      {state.kind === 'waiting' ? (
        <Alert color="blue" role="status">
          {t('work.register.waiting', { date: format.dateTime(a.starting_at) })}
        </Alert>
      ) : null}
      {state.kind === 'closed' ? <Alert color="gray">{t(`work.closed.${state.reason}`)}</Alert> : null}
      {refusal ? (
        <Alert color="red" role="alert">
          {refusal}
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Button component={Link} to={`/s/assignments/${id}`} variant="default">
          {t('common.back')}
        </Button>
        {state.kind === 'active' ? (
          <Button component={Link} to={`/s/assignments/${id}`}>
            {t('work.continue')}
          </Button>
        ) : (
          <Button
            onClick={() => {
              if (needsConsent) requestExamFullscreen(settingsOf(a.settings));
              start.mutate();
            }}
            loading={start.isPending}
            disabled={state.kind !== 'can-start' || (needsConsent && (!agreed || !equipmentReady))}
            data-testid="start-attempt"
          >
            {t('work.register.start')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

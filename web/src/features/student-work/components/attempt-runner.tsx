import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { confirmAction } from '../../../shared/ui/confirm-dialog';
import { useBeforeFinish } from '../../../shared/exam/before-finish';
import { workApi, workKeys } from '../api';
import {
  isBlank,
  isQuestion,
  stepsOf,
  type Answer,
  type StudentAssignment,
  type StudentAttempt,
  type StudentResult,
} from '../model';
import { QuestionAnswer } from './answers/question-answer';
import { plainTextOf, RichTextView } from '../../../shared/rich-text';
import { AttemptTimer } from './attempt-timer';
import { ContentBlock } from './content-block';
import { QuestionNav } from './question-nav';

/** Seconds of no typing after which an answer is saved by itself. */
const AUTOSAVE_MS = 2_000;

/**
 * Taking an attempt: one step at a time (?q= keeps the place through a reload), numbered navigation,
 * answers saved when the student moves on or asks to, the timer, and finishing after confirmation.
 * With straight answers (`is_straight_answer`) an answer is sent only when the student says so, is
 * final, and its verdict shows at once; otherwise nothing tells right from wrong until the end.
 */
export function AttemptRunner({
  assignment,
  attempt,
  results,
}: {
  assignment: StudentAssignment;
  attempt: StudentAttempt;
  results: StudentResult[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  // The attempt's own questions and order (its variant, draw and shuffle), decided when it started.
  const steps = useMemo(() => stepsOf(assignment.components, attempt), [assignment.components, attempt]);
  const questions = steps.filter((s) => isQuestion(s.type));
  const current = Math.min(
    Math.max(0, Number(params.get('q') ?? '1') - 1 || 0),
    Math.max(0, steps.length - 1),
  );
  const step = steps[current];
  const savedAnswers = useMemo(
    () =>
      Object.fromEntries(
        results
          .filter((r) => r.assignment_attempt_id === attempt.id)
          .map((r) => [r.component_id, r.answer ?? {}]),
      ),
    [results, attempt.id],
  );
  const [drafts, setDrafts] = useState<Record<string, Answer>>({});
  const [saved, setSaved] = useState<Record<string, Answer>>(savedAnswers);
  const straight = assignment.is_straight_answer;
  // The verdicts the platform told (straight answers only: otherwise every answer reads "answered").
  const [verdicts, setVerdicts] = useState<Record<string, StudentResult['result']>>(() =>
    Object.fromEntries(
      results.filter((r) => r.assignment_attempt_id === attempt.id).map((r) => [r.component_id, r.result]),
    ),
  );
  const finishing = useRef(false);
  const beforeFinish = useBeforeFinish();
  const shown = useRef(current);
  // A new step takes the focus to its title, so a screen reader starts reading the new question.
  useEffect(() => {
    if (shown.current === current) return;
    shown.current = current;
    document.getElementById('step-title')?.focus();
  }, [current]);
  const answerOf = (id: string) => drafts[id] ?? saved[id] ?? savedAnswers[id];
  const answered = new Set(
    questions.filter((q) => !isBlank(q.type, saved[q.id] ?? savedAnswers[q.id])).map((q) => q.id),
  );

  const save = useMutation({
    mutationFn: ({ id, type, answer }: { id: string; type: string; answer: Answer }) =>
      workApi.answer(attempt.id, { id, type }, answer),
    onSuccess: (result, { id, answer }) => {
      setSaved((s) => ({ ...s, [id]: answer }));
      setVerdicts((v) => ({ ...v, [id]: result.result }));
      // Only the draft that was sent is done: typing that went on meanwhile stays a draft.
      setDrafts((d) => {
        if (d[id] !== answer) return d;
        const { [id]: _done, ...rest } = d;
        return rest;
      });
    },
  });
  /** Sends the current step's draft when it changed; resolves false when the platform refused it. */
  const saveCurrent = async (): Promise<boolean> => {
    if (!step || !isQuestion(step.type)) return true;
    const draft = drafts[step.id];
    if (!draft || JSON.stringify(draft) === JSON.stringify(saved[step.id] ?? savedAnswers[step.id]))
      return true;
    if (isBlank(step.type, draft)) return true;
    try {
      await save.mutateAsync({ id: step.id, type: step.type, answer: draft });
      return true;
    } catch {
      return false;
    }
  };
  // A pause in typing saves the answer, so little is lost when time runs out or the tab closes.
  const draft = step ? drafts[step.id] : undefined;
  const mutateSave = save.mutate;
  useEffect(() => {
    // A straight answer is final: it is sent when the student says so, never half typed.
    if (straight) return;
    if (!step || !draft || !isQuestion(step.type) || isBlank(step.type, draft)) return;
    const timer = setTimeout(() => mutateSave({ id: step.id, type: step.type, answer: draft }), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [draft, step, mutateSave, straight]);

  const go = async (index: number) => {
    if (!(await saveCurrent())) return;
    const next = new URLSearchParams(params);
    next.set('q', String(index + 1));
    setParams(next, { replace: true });
  };
  const finish = useMutation({
    mutationFn: async () => {
      // A proctored exam closes its recording and posts its last actions while the attempt still takes them.
      await beforeFinish();
      return workApi.finish(attempt.id);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: workKeys.mine(assignment.id) }),
  });
  const askToFinish = async () => {
    if (!(await saveCurrent())) return;
    // The render's `answered` predates the save just made: count the current draft in.
    const done = new Set(answered);
    if (step && !isBlank(step.type, drafts[step.id])) done.add(step.id);
    const unanswered = questions.filter((q) => !done.has(q.id)).length;
    const confirmed = await confirmAction({
      title: t('work.take.finishTitle'),
      message:
        unanswered > 0 ? t('work.take.finishUnanswered', { count: unanswered }) : t('work.take.finishAll'),
      confirmLabel: t('work.take.finish'),
    });
    if (confirmed) finish.mutate();
  };
  const onExpired = useCallback(() => {
    // The platform refuses answers after the end; the attempt is closed for the student at once.
    if (finishing.current) return;
    finishing.current = true;
    finish.mutate();
  }, [finish]);

  if (!step) return <Text>{t('work.take.empty')}</Text>;
  const number = questions.indexOf(step) + 1;
  const question = isQuestion(step.type) ? String(step.data.question ?? '') : '';
  const isSaved = answered.has(step.id) && !drafts[step.id];
  const final = straight && answered.has(step.id);
  const verdict = final ? verdicts[step.id] : undefined;
  return (
    <Stack gap="md" data-testid="attempt-runner">
      <Group justify="space-between" align="center">
        <Text c="dimmed">{t('work.take.attempt', { number: attempt.number })}</Text>
        {attempt.ends_at ? <AttemptTimer endsAt={attempt.ends_at} onExpired={onExpired} /> : null}
      </Group>
      <QuestionNav
        steps={steps}
        current={current}
        answered={answered}
        locked={assignment.is_straight_answer}
        onGo={(index) => void go(index)}
      />
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="step-title">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={2} fz="lg" id="step-title" tabIndex={-1}>
              {isQuestion(step.type)
                ? t('work.take.question', { number, total: questions.length })
                : t('work.take.material')}
            </Title>
            {isQuestion(step.type) ? (
              <Text size="sm" c="dimmed">
                {t('work.take.points', { count: step.points })}
              </Text>
            ) : null}
          </Group>
          {isQuestion(step.type) ? (
            <QuestionAnswer
              component={step}
              value={answerOf(step.id)}
              onChange={(answer) => setDrafts((d) => ({ ...d, [step.id]: answer }))}
              disabled={finish.isPending || final}
              label={plainTextOf(question)}
              title={<RichTextView html={question} inline />}
            />
          ) : (
            <ContentBlock component={step} />
          )}
          {verdict === 2 || verdict === 3 ? (
            <Badge
              color={verdict === 3 ? 'green' : 'red'}
              variant="light"
              data-testid="answer-verdict"
              data-result={verdict}
            >
              {t(verdict === 3 ? 'work.results.codes.true' : 'work.results.codes.false')}
            </Badge>
          ) : null}
          {isQuestion(step.type) ? (
            <Text size="sm" c={isSaved ? 'green' : 'dimmed'} role="status" data-testid="answer-state">
              {save.isPending
                ? t('work.take.saving')
                : isSaved
                  ? t('work.take.saved')
                  : t('work.take.notSaved')}
            </Text>
          ) : null}
        </Stack>
      </Paper>
      <Group justify="space-between">
        <Button
          variant="default"
          disabled={current === 0 || assignment.is_straight_answer}
          onClick={() => void go(current - 1)}
        >
          {t('work.take.previous')}
        </Button>
        <Group gap="xs">
          {isQuestion(step.type) ? (
            <Button
              variant="light"
              onClick={() => void saveCurrent()}
              loading={save.isPending}
              disabled={final}
            >
              {t(straight ? 'work.take.answer' : 'work.take.save')}
            </Button>
          ) : null}
          {current < steps.length - 1 ? (
            <Button onClick={() => void go(current + 1)} data-testid="next-step">
              {t('work.take.next')}
            </Button>
          ) : null}
          <Button
            color="red"
            variant={current === steps.length - 1 ? 'filled' : 'outline'}
            onClick={() => void askToFinish()}
            loading={finish.isPending}
            data-testid="finish-attempt"
          >
            {t('work.take.finish')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

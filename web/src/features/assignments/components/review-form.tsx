import { Button, Group, NumberInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api';
import { notifySuccess } from '../../../shared/toasts/notify';
import { assignmentKeys, assignmentsApi } from '../api';

/**
 * The teacher's points for one answer: required ('Вы не ввели балл'), 0 to the question's maximum
 * ('Введенный балл не может превышать максимального'), 001 §5. The server checks the same rules.
 */
export function ReviewForm({
  assignmentId,
  resultId,
  max,
  current,
  label,
}: {
  assignmentId: string;
  resultId: string;
  max: number;
  current: number | null;
  label: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [points, setPoints] = useState<number | ''>(current ?? '');
  const [error, setError] = useState<string | undefined>();
  const review = useMutation({
    mutationFn: (value: number) => assignmentsApi.review(resultId, value),
    onSuccess: () => {
      setError(undefined);
      notifySuccess(t('assignments.review.saved'));
      void queryClient.invalidateQueries({ queryKey: assignmentKeys.work(assignmentId) });
    },
    onError: (e) => setError(isApiError(e) ? (Object.values(e.errors).flat()[0] ?? e.message) : undefined),
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (points === '') return setError(t('assignments.review.required'));
        if (points > max) return setError(t('assignments.review.tooMany'));
        review.mutate(points);
      }}
    >
      <Group align="flex-start" gap="xs">
        <NumberInput
          label={label}
          description={t('assignments.review.range', { max })}
          min={0}
          max={max}
          step={0.5}
          clampBehavior="none"
          w={200}
          value={points}
          onChange={(value) => setPoints(typeof value === 'number' ? value : '')}
          error={error}
        />
        <Button type="submit" mt={24} variant="light" loading={review.isPending}>
          {t('assignments.review.submit')}
        </Button>
      </Group>
    </form>
  );
}

import { Alert, Button, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api';
import { proctoringKeys } from '../api/keys';
import { reviewInterval } from '../api/timeline';
import type { ReviewDecision, TimelineInterval } from '../model/types';

/**
 * Confirm or dismiss one interval with a note. The server decides (a dismissal without a note is 422
 * 'Укажите причину'): its field errors are shown under the note, its message above the buttons.
 */
export function ReviewForm({
  attemptId,
  assignmentId,
  interval,
}: {
  attemptId: string;
  assignmentId: string;
  interval: TimelineInterval;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<ReviewDecision>(interval.review?.decision ?? 'confirmed');
  const [note, setNote] = useState(interval.review?.note ?? '');
  const save = useMutation({
    mutationFn: () =>
      reviewInterval(attemptId, {
        interval_key: interval.key,
        decision,
        ...(note.trim() ? { note: note.trim() } : {}),
      }),
    onSuccess: (timeline) => {
      queryClient.setQueryData(proctoringKeys.timeline(attemptId), timeline);
      void queryClient.invalidateQueries({ queryKey: proctoringKeys.queue(assignmentId) });
      notifications.show({ color: 'teal', message: t('proctoring.review.saved') });
    },
  });
  const error = isApiError(save.error) ? save.error : null;
  const noteError = error?.fieldError('note');
  const otherFields = error ? Object.entries(error.errors).filter(([field]) => field !== 'note') : [];

  return (
    <Stack
      gap="xs"
      component="form"
      data-testid="review-form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <SegmentedControl
        value={decision}
        onChange={(value) => setDecision(value as ReviewDecision)}
        data={[
          { value: 'confirmed', label: t('proctoring.review.confirm') },
          { value: 'dismissed', label: t('proctoring.review.dismiss') },
        ]}
      />
      <Textarea
        label={t('proctoring.review.note')}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        error={noteError}
        autosize
        minRows={2}
        maxLength={1000}
      />
      {error && !noteError ? (
        <Alert color="red" data-testid="review-error">
          {error.message}
          {otherFields.map(([field, messages]) => (
            <Text key={field} size="sm">
              {field}: {messages.join(' ')}
            </Text>
          ))}
        </Alert>
      ) : null}
      {save.error && !error ? <Alert color="red">{String(save.error)}</Alert> : null}
      <Group justify="flex-end">
        <Button type="submit" loading={save.isPending}>
          {t('proctoring.review.save')}
        </Button>
      </Group>
    </Stack>
  );
}

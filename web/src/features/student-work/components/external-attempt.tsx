import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useBeforeFinish } from '../../../shared/exam/before-finish';
import { ExternalWork } from '../../external-assignment';
import { workApi, workKeys } from '../api';
import type { StudentAssignment, StudentAttempt } from '../model';
import { AttemptTimer } from './attempt-timer';

/**
 * An external assignment's attempt (type `external`): the work is done on the teacher's page of another
 * site, shown in a frame; here only the timer and the finish live, as in any other attempt. Under
 * proctoring it is the exam client's child like any attempt screen, so its recording closes first.
 */
export function ExternalAttempt({
  assignment,
  attempt,
}: {
  assignment: StudentAssignment;
  attempt: StudentAttempt;
}) {
  const queryClient = useQueryClient();
  const beforeFinish = useBeforeFinish();
  const finishing = useRef(false);
  const finish = useMutation({
    mutationFn: async () => {
      // A proctored exam closes its recording and posts its last actions while the attempt still takes them.
      await beforeFinish();
      return workApi.finish(attempt.id);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: workKeys.mine(assignment.id) }),
  });
  const onExpired = useCallback(() => {
    if (finishing.current) return;
    finishing.current = true;
    finish.mutate();
  }, [finish]);
  return (
    <ExternalWork
      url={assignment.external_url}
      attemptNumber={attempt.number}
      timer={attempt.ends_at ? <AttemptTimer endsAt={attempt.ends_at} onExpired={onExpired} /> : null}
      finishing={finish.isPending}
      onFinish={() => finish.mutate()}
    />
  );
}

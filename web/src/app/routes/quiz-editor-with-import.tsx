import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { authoringKeys } from '../../features/authoring/api';
import { QuizEditorPage } from '../../features/authoring';
import { ImportButton, useWhenTaskEnds } from '../../features/tasks';

/** The quiz editor with the questions import wizard: the saved quiz is read again when an import ends. */
export function QuizEditorWithImport() {
  const queryClient = useQueryClient();
  const [task, setTask] = useState<{ id: string; quizId: string } | null>(null);
  useWhenTaskEnds(task?.id ?? null, () => {
    if (task) void queryClient.invalidateQueries({ queryKey: authoringKeys.one('quiz', task.quizId) });
  });
  return (
    <QuizEditorPage
      actions={(quiz) => (
        <ImportButton
          target={{ kind: 'questions', quizId: quiz.id }}
          onStarted={(started) => setTask({ id: started.id, quizId: quiz.id })}
        />
      )}
    />
  );
}

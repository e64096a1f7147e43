import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmAction } from '../../../shared/ui/confirm-dialog';
import type { ToolbarItem } from '../../../shared/ui/page-heading';
import { notifySuccess } from '../../../shared/toasts/notify';
import { authoringApi, authoringKeys } from '../api';

const LIST_PATH = { lessons: '/t/lessons', quiz: '/t/quiz' } as const;

/**
 * The toolbar's "Удалить" of a lesson or quiz: asks first, deletes (an event on the server), drops the
 * cached list and record, and goes back to the list. Assignments keep their own copy of the questions.
 */
export function useDeleteItem(
  collection: 'lessons' | 'quiz',
  record: { id: string; name: string } | undefined,
): ToolbarItem {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const kind = collection === 'lessons' ? 'lesson' : 'quiz';
  const remove = useMutation({
    mutationFn: (id: string) => authoringApi.remove(collection, id),
    onSuccess: (_answer, id) => {
      notifySuccess(t(`authoring.deletion.${kind}Done`));
      queryClient.removeQueries({ queryKey: authoringKeys.pages(collection) });
      queryClient.removeQueries({ queryKey: authoringKeys.one(collection, id) });
      // The assignment form's pickers list lessons and quizzes too.
      queryClient.removeQueries({ queryKey: ['assignments', 'picker'] });
      void navigate(LIST_PATH[collection]);
    },
  });
  return {
    key: 'delete',
    label: t('authoring.deletion.action'),
    variant: 'light',
    color: 'red',
    visible: record !== undefined,
    disabled: remove.isPending,
    onClick: () => {
      if (!record) return;
      void confirmAction({
        title: t(`authoring.deletion.${kind}Title`),
        message: t('authoring.deletion.message', { name: record.name }),
        confirmLabel: t('common.delete'),
        danger: true,
      }).then((confirmed) => {
        if (confirmed) remove.mutate(record.id);
      });
    },
  };
}

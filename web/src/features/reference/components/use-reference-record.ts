import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError, records } from '../../../shared/api';
import { confirmAction } from '../../../shared/ui/confirm-dialog';
import { notifySuccess } from '../../../shared/toasts/notify';
import { referenceKeys, referenceOneQuery, type ReferenceCollection } from '../api';

/** /a/regions/create and /a/cities/create make a new record; any other {entity} edits that one. */
const NEW = 'create';

function errorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  return Object.fromEntries(Object.entries(error.errors).map(([field, texts]) => [field, texts[0] ?? '']));
}

/** Create, update (changed fields only) and delete of a reference record, with the page's chrome. */
export function useReferenceRecord<T extends { id: string }>(collection: ReferenceCollection) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const entity = useParams().entity ?? NEW;
  const creating = entity === NEW;
  const record = useQuery({ ...referenceOneQuery<T>(collection, entity), enabled: !creating });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const done = (message: string) => {
    notifySuccess(message);
    // Dropped rather than marked stale: the list never shows the old rows before the new ones.
    queryClient.removeQueries({ queryKey: referenceKeys.all(collection) });
    void navigate(`/a/${collection}`);
  };
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      creating ? records.create<T>(collection, body) : records.update<T>(collection, entity, body),
    onSuccess: () => done(creating ? t('reference.created') : t('reference.saved')),
    onError: (error) => setErrors(errorsOf(error)),
  });
  const remove = useMutation({
    mutationFn: () => records.remove(collection, entity),
    onSuccess: () => done(t('reference.deleted')),
  });
  const askRemove = async (name: string) => {
    const ok = await confirmAction({
      title: t('common.delete'),
      message: t('reference.deleteConfirm', { name }),
      confirmLabel: t('common.delete'),
      danger: true,
    });
    if (ok) remove.mutate();
  };
  return { creating, record, errors, save, askRemove, cancel: () => navigate(`/a/${collection}`) };
}

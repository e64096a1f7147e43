import { Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeading } from '../../../shared/ui/page-heading';
import { assignmentQuery } from '../api';
import { AssignmentCreatePage } from './assignment-create-page';

/** /t/assignments/{assignment}/edit: the create form, filled with the stored assignment. */
export function AssignmentEditPage() {
  const { t } = useTranslation();
  const id = useParams().assignment ?? '';
  const assignment = useQuery({ ...assignmentQuery(id), meta: { errorToast: false } });
  if (assignment.isPending) return <Skeleton height={320} radius="md" />;
  if (!assignment.data) {
    return <PageHeading title={t('assignments.missing')} description={assignment.error?.message} />;
  }
  // Keyed by the record's version, so a form opened again after a save starts from what is stored.
  return <AssignmentCreatePage key={assignment.dataUpdatedAt} editing={assignment.data} />;
}

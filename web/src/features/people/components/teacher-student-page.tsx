import { Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { fullNameOf } from '../../../shared/person/full-name';
import { PageHeading } from '../../../shared/ui/page-heading';
import { PersonCard, personQuery } from '..';

/** /t/student/{student}: a teacher reads a student of the school (the record API allows it). */
export function TeacherStudentPage() {
  const { t } = useTranslation();
  const id = useParams().student ?? '';
  const student = useQuery({ ...personQuery('students', id), meta: { errorToast: false } });
  if (student.isPending) return <Skeleton height={240} radius="md" />;
  if (!student.data) return <PageHeading title={t('people.missing')} />;
  return (
    <>
      <PageHeading title={fullNameOf(student.data)} description={t('people.students.one')} />
      <PersonCard collection="students" person={student.data} />
    </>
  );
}

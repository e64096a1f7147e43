import { Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeading } from '../../../shared/ui/page-heading';
import { courseQuery } from './course-api';
import type { CourseWithParts } from './course-model';

/** The course of the address (`:course`): a placeholder while it loads, 'not found' when it is not there. */
export function WithCourse({ children }: { children: (course: CourseWithParts) => ReactNode }) {
  const { t } = useTranslation();
  const id = useParams().course ?? '';
  const course = useQuery({ ...courseQuery(id), meta: { errorToast: false } });
  if (course.isPending) return <Skeleton height={320} radius="md" />;
  if (!course.data) return <PageHeading title={t('authoring.missing')} />;
  return children(course.data);
}

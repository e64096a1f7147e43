import { Badge, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageHeading } from '../../../shared/ui/page-heading';
import { PagedTable, type Column } from '../../../shared/ui/paged-table';
import { courseCertificateStudentsQuery } from '../api';
import { pageOf, type CourseCertificateStudent } from '../model';
import { CertificateCell } from './certificate-cell';

const PAGE_SIZE = 25;

/**
 * /t/courses/{course}/certificates (ours; linked from the course's page when it has a template): the
 * students who worked on the course's assignments or are enrolled in it, whether they finished it, and
 * their certificate with the one action that applies (issue, revoke, restore) and its PDF, as on an
 * assignment's students table (docs/certificates.md).
 */
export function CourseCertificatesPage() {
  const { t } = useTranslation();
  const { course = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const list = useQuery(courseCertificateStudentsQuery(course));
  const page = list.data ? pageOf(list.data, Number(params.get('page') ?? '1'), PAGE_SIZE) : undefined;
  const columns: Column<CourseCertificateStudent>[] = [
    { key: 'student', header: t('certificates.course.student'), render: (s) => s.fullname || s.user_id },
    {
      key: 'finished',
      header: t('certificates.course.progress'),
      render: (s) => (
        <Badge variant="light" color={s.finished ? 'green' : 'gray'} data-testid="course-finished">
          {t(s.finished ? 'certificates.course.finished' : 'certificates.course.inProgress')}
        </Badge>
      ),
    },
    {
      key: 'score',
      header: t('certificates.course.score'),
      wide: true,
      render: (s) => (s.score === null ? '—' : `${s.score} / ${s.max_score}`),
    },
    {
      key: 'certificate',
      header: t('certificates.column'),
      render: (s) => (
        <CertificateCell
          courseId={course}
          studentId={s.user_id}
          studentName={s.fullname || s.user_id}
          issued={s.certificate ?? undefined}
        />
      ),
    },
  ];
  return (
    <Stack gap="md">
      <PageHeading
        title={t('certificates.course.title')}
        description={t('certificates.course.description')}
      />
      <PagedTable
        label={t('certificates.course.title')}
        columns={columns}
        rows={page?.data}
        rowKey={(s) => s.user_id}
        loading={list.isPending}
        page={page?.current_page ?? 1}
        lastPage={page?.last_page ?? 1}
        onPage={(next) => setParams({ page: String(next) })}
        empty={t('certificates.course.empty')}
      />
    </Stack>
  );
}

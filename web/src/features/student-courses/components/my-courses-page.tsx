import { Anchor, Card, Group, Image, Pagination, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { clampPage } from '../../../shared/api';
import { LOADING_ROWS } from '../../../shared/ui/paged-table';
import { PageHeading } from '../../../shared/ui/page-heading';
import { myCoursesQuery } from '../api';
import { colorOf, type StudentCourse } from '../model';

function CourseCard({ course }: { course: StudentCourse }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md" data-testid="student-course">
      <Card.Section>
        {course.image ? (
          <Image src={course.image} alt="" h={120} fit="cover" />
        ) : (
          // A course without an image gets its colour, so cards stay tellable apart at a glance.
          <div
            aria-hidden
            style={{ height: 120, background: `var(--mantine-color-${colorOf(course.id)}-light)` }}
          />
        )}
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Anchor component={Link} to={`/s/courses/${encodeURIComponent(course.id)}`} fw={600}>
          {course.name}
        </Anchor>
        {course.short_description ? (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {course.short_description}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {t('studentCourses.materialsCount', { count: course.materials_count })}
        </Text>
      </Stack>
    </Card>
  );
}

/** /s/courses: the school's published courses the student may read, as paged cards. */
export function MyCoursesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = clampPage(Number(params.get('page') ?? '1'), Number.MAX_SAFE_INTEGER);
  const list = useQuery(myCoursesQuery(requested));
  const page = list.data?.current_page ?? requested;
  const lastPage = list.data?.last_page ?? 1;
  return (
    <>
      <PageHeading title={t('studentCourses.title')} description={t('studentCourses.description')} />
      <Stack gap="sm" aria-busy={list.isPending}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {list.isPending
            ? Array.from({ length: LOADING_ROWS }, (_, i) => (
                <Skeleton key={i} height={220} radius="md" data-testid="loading-row" />
              ))
            : list.data?.data.map((course) => <CourseCard key={course.id} course={course} />)}
        </SimpleGrid>
        {list.isError ? <Text c="red">{list.error.message}</Text> : null}
        {!list.isPending && list.data?.data.length === 0 ? (
          <Text c="dimmed" data-testid="records-empty">
            {t('studentCourses.empty')}
          </Text>
        ) : null}
        {lastPage > 1 ? (
          <Group justify="center">
            <Pagination
              total={lastPage}
              value={page}
              onChange={(next) => {
                if (next < 1 || next > lastPage) return;
                const nextParams = new URLSearchParams(params);
                nextParams.set('page', String(next));
                setParams(nextParams);
              }}
            />
          </Group>
        ) : null}
      </Stack>
    </>
  );
}

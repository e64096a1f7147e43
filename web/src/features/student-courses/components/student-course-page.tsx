import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeading } from '../../../shared/ui/page-heading';
import { BuyButton } from '../../shop/components/buy-button';
import { studentCourseQuery } from '../api';
import { materialLink, outlineOf, type CourseMaterial } from '../model';
import { RichTextView } from '../../../shared/rich-text';

function MaterialRow({ material }: { material: CourseMaterial }) {
  const { t } = useTranslation();
  const link = materialLink(material);
  const name = material.name || t(`studentCourses.type.${material.type}`);
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid="course-material">
      <Stack gap={2}>
        {link ? (
          <Anchor component={Link} to={link} fw={500}>
            {name}
          </Anchor>
        ) : (
          <Text fw={500}>{name}</Text>
        )}
        {material.short_description ? (
          <Text size="sm" c="dimmed">
            {material.short_description}
          </Text>
        ) : null}
        {link ? null : (
          <Text size="xs" c="dimmed">
            {t('studentCourses.byAssignment')}
          </Text>
        )}
      </Stack>
      <Badge variant="light" color={material.type === 'quiz' ? 'grape' : 'blue'} style={{ flexShrink: 0 }}>
        {t(`studentCourses.type.${material.type}`)}
      </Badge>
    </Group>
  );
}

function Materials({ materials }: { materials: CourseMaterial[] }) {
  const { t } = useTranslation();
  if (materials.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('studentCourses.noMaterials')}
      </Text>
    );
  return (
    <Stack gap="sm">
      {materials.map((material) => (
        <MaterialRow key={material.id} material={material} />
      ))}
    </Stack>
  );
}

/** /s/courses/{course}: the description, then the groups in order with their materials in order. */
export function StudentCoursePage() {
  const { t } = useTranslation();
  const { course: id = '' } = useParams();
  const course = useQuery(studentCourseQuery(id));
  if (course.isPending)
    return (
      <Stack aria-busy>
        <Skeleton height={32} width="50%" />
        <Skeleton height={120} data-testid="loading-row" />
      </Stack>
    );
  if (course.isError)
    return <PageHeading title={t('studentCourses.missing')} description={course.error.message} />;
  const { groups, loose } = outlineOf(course.data);
  return (
    <>
      <PageHeading title={course.data.name} description={course.data.short_description ?? undefined} />
      <Stack gap="md">
        <Anchor component={Link} to="/s/courses" size="sm">
          {t('studentCourses.back')}
        </Anchor>
        {/* A course the school sells: buying it opens the basket (docs/shop.md). */}
        <BuyButton courseId={course.data.id} />
        {course.data.description ? (
          // Rich text from the course editor; old plain texts keep their line breaks (pre-wrap).
          <Text component="div" style={{ whiteSpace: 'pre-wrap' }}>
            <RichTextView html={course.data.description} />
          </Text>
        ) : null}
        {loose.length > 0 ? (
          <Paper withBorder radius="md" p="md">
            <Materials materials={loose} />
          </Paper>
        ) : null}
        {groups.map((group, index) => (
          <Paper key={group.id} withBorder radius="md" p="md" component="section" data-testid="course-group">
            <Stack gap="sm">
              <Title order={2} fz="lg">
                {t('studentCourses.groupTitle', { number: index + 1, name: group.name })}
              </Title>
              {group.description ? (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                  {group.description}
                </Text>
              ) : null}
              <Materials materials={group.materials} />
            </Stack>
          </Paper>
        ))}
        {groups.length === 0 && loose.length === 0 ? (
          <Text c="dimmed" data-testid="records-empty">
            {t('studentCourses.noMaterials')}
          </Text>
        ) : null}
      </Stack>
    </>
  );
}

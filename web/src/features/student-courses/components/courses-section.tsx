import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The way to /s/courses from the student's home: the student menu of 001 §2 has no Courses item
 * (home, assignments, media, certificates, profile, exit), so the menu stays as specified.
 */
export function CoursesSection() {
  const { t } = useTranslation();
  return (
    <Group gap="xs" mt="lg" component="section" data-testid="courses-link">
      <Anchor component={Link} to="/s/courses" fw={600}>
        {t('studentCourses.title')}
      </Anchor>
      <Text size="sm" c="dimmed">
        {t('studentCourses.description')}
      </Text>
    </Group>
  );
}

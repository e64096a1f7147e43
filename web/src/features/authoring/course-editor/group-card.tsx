import { ActionIcon, Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../shared/ui/confirm-dialog';
import { IconTrash } from '../../../shared/ui/icons';
import { courseApi } from './course-api';
import { moveWithin, type CourseGroup, type CourseWithParts } from './course-model';
import { MaterialRows } from './material-rows';
import { useCourseChange } from './use-course-change';

/** One group of the course: its name (renamed in place), its place among the groups, its materials. */
export function GroupCard({ course, index }: { course: CourseWithParts; index: number }) {
  const { t } = useTranslation();
  const group: CourseGroup = course.groups[index]!;
  const change = useCourseChange(course.id);
  const [name, setName] = useState(group.name);
  const renamed = name.trim() !== '' && name.trim() !== group.name;
  const reorder = (delta: -1 | 1) =>
    change.mutate({
      run: () => courseApi.reorder('course-groups', [...moveWithin(course.groups, index, delta)]),
      done: t('authoring.courseEditor.reordered'),
    });
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={group.name}
      data-testid="course-group"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <Title order={2} fz="md">
            {index + 1}. {group.name}
          </Title>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={t('authoring.editor.moveUp', { name: group.name })}
              disabled={index === 0 || change.isPending}
              onClick={() => reorder(-1)}
            >
              ↑
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={t('authoring.editor.moveDown', { name: group.name })}
              disabled={index === course.groups.length - 1 || change.isPending}
              onClick={() => reorder(1)}
            >
              ↓
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('authoring.courseEditor.removeGroupNamed', { name: group.name })}
              onClick={async () => {
                const sure = await confirmAction({
                  title: t('authoring.courseEditor.removeGroup'),
                  message: t('authoring.courseEditor.removeGroupConfirm', { name: group.name }),
                  confirmLabel: t('common.delete'),
                  danger: true,
                });
                if (sure)
                  change.mutate({
                    run: () => courseApi.removeGroup(group.id),
                    done: t('authoring.courseEditor.groupRemoved'),
                  });
              }}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (renamed && !change.isPending)
              change.mutate({
                run: () => courseApi.renameGroup(group.id, name.trim()),
                done: t('authoring.courseEditor.groupRenamed'),
              });
          }}
        >
          <Group gap="xs" align="flex-end">
            <TextInput
              style={{ flex: 1 }}
              size="xs"
              label={t('authoring.courseEditor.groupName')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              data-testid="group-name"
            />
            <Button type="submit" size="xs" variant="light" disabled={!renamed} loading={change.isPending}>
              {t('authoring.courseEditor.rename')}
            </Button>
          </Group>
        </form>
        <MaterialRows course={course} groupId={group.id} materials={group.materials} />
      </Stack>
    </Paper>
  );
}

import { ActionIcon, Badge, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../shared/ui/confirm-dialog';
import { IconTrash } from '../../../shared/ui/icons';
import { useCurrentUser } from '../../../shared/session';
import { assignmentOptionsQuery, courseApi } from './course-api';
import {
  assignmentsFor,
  moveToGroup,
  moveWithin,
  type CourseMaterial,
  type CourseWithParts,
} from './course-model';
import { useCourseChange } from './use-course-change';

const NO_GROUP = '';

/**
 * A group's materials (or those in no group) in order, each with buttons to move it up and down (the
 * keyboard's way to reorder), a choice of group to move it to, and removal after a confirmation.
 */
export function MaterialRows({
  course,
  groupId,
  materials,
}: {
  course: CourseWithParts;
  groupId: string | null;
  materials: CourseMaterial[];
}) {
  const { t } = useTranslation();
  const change = useCourseChange(course.id);
  const { user } = useCurrentUser();
  const assignments = useQuery(assignmentOptionsQuery(user?.group === 'teacher' ? user.id : undefined));
  if (materials.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('authoring.courses.noMaterials')}
      </Text>
    );
  const reorder = (index: number, delta: -1 | 1) =>
    change.mutate({
      run: () => courseApi.reorder('course-materials', [...moveWithin(materials, index, delta)]),
      done: t('authoring.courseEditor.reordered'),
    });
  const groupChoices = [
    { value: NO_GROUP, label: t('authoring.courses.noGroup') },
    ...course.groups.map((g) => ({ value: g.id, label: g.name })),
  ];
  return (
    <Stack gap={4} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {materials.map((m, index) => (
        <Group
          key={m.id}
          component="li"
          gap="xs"
          wrap="nowrap"
          justify="space-between"
          data-testid="course-material"
          aria-label={m.name}
        >
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed" w={20}>
              {index + 1}.
            </Text>
            <Text size="sm" truncate>
              {m.name}
            </Text>
            <Badge variant="light" size="sm">
              {t(`assignments.types.${m.type}`)}
            </Badge>
          </Group>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={t('authoring.editor.moveUp', { name: m.name })}
              disabled={index === 0 || change.isPending}
              onClick={() => reorder(index, -1)}
            >
              ↑
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={t('authoring.editor.moveDown', { name: m.name })}
              disabled={index === materials.length - 1 || change.isPending}
              onClick={() => reorder(index, 1)}
            >
              ↓
            </ActionIcon>
            <NativeSelect
              size="xs"
              w={160}
              aria-label={t('authoring.courseEditor.assignmentOf', { name: m.name })}
              data={[
                { value: '', label: t('authoring.courseEditor.noAssignment') },
                ...assignmentsFor(m, assignments.data ?? []).map((a) => ({ value: a.id, label: a.name })),
                // A linked assignment outside the first 100 keeps its place in the list.
                ...(m.assignment_id && !(assignments.data ?? []).some((a) => a.id === m.assignment_id)
                  ? [{ value: m.assignment_id, label: t('authoring.courseEditor.linkedAssignment') }]
                  : []),
              ]}
              value={m.assignment_id ?? ''}
              disabled={change.isPending}
              onChange={(e) => {
                const chosen = e.currentTarget.value || null;
                change.mutate({
                  run: () => courseApi.linkAssignment(m.id, chosen),
                  done: t('authoring.courseEditor.assignmentLinked'),
                });
              }}
            />
            <NativeSelect
              size="xs"
              aria-label={t('authoring.courseEditor.moveTo', { name: m.name })}
              data={groupChoices}
              value={groupId ?? NO_GROUP}
              disabled={change.isPending}
              onChange={(e) => {
                const target = e.currentTarget.value || null;
                const to = moveToGroup(course, target);
                if (to && target !== groupId)
                  change.mutate({
                    run: () => courseApi.moveMaterial(m.id, to),
                    done: t('authoring.courseEditor.moved'),
                  });
              }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('authoring.editor.remove', { name: m.name })}
              onClick={async () => {
                const sure = await confirmAction({
                  title: t('authoring.courseEditor.removeMaterial'),
                  message: t('authoring.courseEditor.removeMaterialConfirm', { name: m.name }),
                  confirmLabel: t('common.delete'),
                  danger: true,
                });
                if (sure)
                  change.mutate({
                    run: () => courseApi.removeMaterial(m.id),
                    done: t('authoring.courseEditor.materialRemoved'),
                  });
              }}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}

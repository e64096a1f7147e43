import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmAction } from '../../shared/ui/confirm-dialog';
import { PageHeading, type ToolbarItem } from '../../shared/ui/page-heading';
import { AntiplagiarismCheckPanel } from '../../features/antiplagiarism';
import { notifySuccess } from '../../shared/toasts/notify';
import { LaunchLinkPanel } from '../../features/external-assignment';
import { ExportResultsButton } from '../../features/tasks';
// The hook only: the webinar's call code stays in its own chunk.
import { useWebinarText } from '../../features/webinars/i18n/use-webinar-text';
import {
  assignmentKeys,
  assignmentQuery,
  assignmentsApi,
  type AssignmentAction,
} from '../../features/assignments/api';
import type { Assignment } from '../../features/assignments/model';
import { AssignmentInfo } from '../../features/assignments/components/assignment-info';
import { StudentsTable } from '../../features/assignments/components/students-table';

/** Which assignment-level actions (001 §4: suspend, resume, finish, clone) make sense now. */
function actionsFor(a: Assignment): AssignmentAction[] {
  if (a.is_finished) return ['clone'];
  return [a.is_suspended ? 'resume' : 'suspend', 'finish', 'clone'];
}

/** /t/assignments/{assignment}: the facts, the assignment's actions, and every student's work. */
export function AssignmentViewPage() {
  const { t } = useTranslation();
  const webinarText = useWebinarText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useParams().assignment ?? '';
  const assignment = useQuery({ ...assignmentQuery(id), meta: { errorToast: false } });
  const act = useMutation({
    mutationFn: (action: AssignmentAction) => assignmentsApi.act(id, action),
    onSuccess: (result, action) => {
      notifySuccess(t(`assignments.actionDone.${action}`));
      queryClient.removeQueries({ queryKey: assignmentKeys.pages });
      if (action === 'clone') void navigate(`/t/assignments/${result.id}`);
      else queryClient.setQueryData(assignmentKeys.one(id), result);
    },
  });
  if (assignment.isPending) return <Skeleton height={320} radius="md" />;
  if (!assignment.data) {
    return <PageHeading title={t('assignments.missing')} description={assignment.error?.message} />;
  }
  const a = assignment.data;
  const run = async (action: AssignmentAction) => {
    if (action === 'finish' || action === 'suspend') {
      const confirmed = await confirmAction({
        title: t(`assignments.actions.${action}`),
        message: t(`assignments.confirm.${action}`, { name: a.name }),
        confirmLabel: t(`assignments.actions.${action}`),
        danger: action === 'finish',
      });
      if (!confirmed) return;
    }
    act.mutate(action);
  };
  const toolbar: ToolbarItem[] = actionsFor(a).map((action) => ({
    key: action,
    label: t(`assignments.actions.${action}`),
    onClick: () => void run(action),
    disabled: act.isPending,
    variant: action === 'clone' ? 'default' : action === 'finish' ? 'light' : 'filled',
    color: action === 'finish' ? 'red' : undefined,
  }));
  // The same form, filled; the server says per field what may no longer change (docs/assignments.md).
  toolbar.unshift({
    key: 'edit',
    label: t('assignments.edit.open'),
    to: `/t/assignments/${a.id}/edit`,
    variant: 'default',
    visible: !a.is_finished,
  });
  // The live grid and the violation timelines of the assignment (features/proctoring).
  toolbar.unshift({
    key: 'proctoring',
    label: t('proctoring.page.open'),
    to: `/t/assignments/proctoring/${a.id}`,
    variant: 'light',
    visible: a.is_proctoring !== false,
  });
  // The teacher joins (and moderates) the assignment's webinar from here.
  toolbar.unshift({
    key: 'webinar',
    label: webinarText('join'),
    to: `/t/assignments/webinar/${a.id}`,
    variant: 'filled',
    visible: a.is_webinar === true,
  });
  return (
    <Stack gap="md">
      <PageHeading title={a.name} description={a.description ?? undefined} toolbar={toolbar} />
      <AssignmentInfo assignment={a} />
      {/* The link to post on the school's site; an external assignment's work address (features/external-assignment). */}
      <LaunchLinkPanel assignmentId={a.id} externalUrl={a.type === 'external' ? a.external_url : null} />
      <AntiplagiarismCheckPanel assignmentId={a.id} />
      {a.students.length === 0 ? (
        <Text c="dimmed">{t('assignments.noStudents')}</Text>
      ) : (
        <>
          {/* The results as a file, made by a background task followed in the task modal (features/tasks). */}
          <Group justify="flex-end">
            <ExportResultsButton assignmentId={a.id} />
          </Group>
          <StudentsTable assignment={a} />
        </>
      )}
    </Stack>
  );
}

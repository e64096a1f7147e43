import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { notifySuccess } from '../../../shared/toasts/notify';
import { tasksApi } from '../api';
import { useTasksText } from '../i18n/use-tasks-text';
import { useTaskModal } from '../task-modal-store';

/** An assignment's results export (docs/tasks.md): the format chosen, then the task followed in its modal. */
export function ExportResultsButton({ assignmentId }: { assignmentId: string }) {
  const text = useTasksText();
  const openTask = useTaskModal((s) => s.open);
  const [opened, setOpened] = useState(false);
  const [format, setFormat] = useState<'xlsx' | 'csv'>('xlsx');
  const start = useMutation({
    mutationFn: () => tasksApi.exportResults(assignmentId, format),
    onSuccess: (task) => {
      notifySuccess(text('export.started'));
      setOpened(false);
      openTask(task.id);
    },
  });
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)} data-testid="export-results">
        {text('export.button')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={text('export.title')} centered size="sm">
        <Stack gap="md">
          <div>
            <Text size="sm" fw={500} mb={4}>
              {text('export.format')}
            </Text>
            <SegmentedControl
              value={format}
              onChange={(value) => setFormat(value as 'xlsx' | 'csv')}
              data={[
                { value: 'xlsx', label: 'XLSX' },
                { value: 'csv', label: 'CSV' },
              ]}
              data-testid="export-format"
            />
          </div>
          <Group justify="flex-end">
            <Button loading={start.isPending} onClick={() => start.mutate()} data-testid="export-start">
              {text('export.start')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

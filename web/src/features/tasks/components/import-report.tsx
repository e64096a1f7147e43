import { Alert, Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api';
import { tasksApi } from '../api';
import { useTasksText } from '../i18n/use-tasks-text';
import { failedRows } from '../model';

/** How many failed rows the modal lists; the report file has them all. */
const SHOWN = 20;

/** A finished import's rows with errors, read from its report (docs/tasks.md), with their numbers and reasons. */
export function ImportReport({ taskId }: { taskId: string }) {
  const text = useTasksText();
  const report = useQuery({
    queryKey: ['tasks', taskId, 'report'],
    queryFn: async () => failedRows(await (await tasksApi.download(taskId)).text()),
    meta: { errorToast: false },
    staleTime: Infinity,
    // The completion is pushed from the task's stream before the read model has it: the download
    // answers 409 until then, so that answer is asked again.
    retry: (count, error) => count < 20 && isApiError(error) && error.httpStatus === 409,
    retryDelay: 500,
  });
  if (report.isPending) return <Loader size="sm" />;
  if (!report.data) return null;
  if (report.data.length === 0) {
    return (
      <Alert color="green" data-testid="task-report-clean">
        {text('modal.reportNone')}
      </Alert>
    );
  }
  return (
    <div data-testid="task-report">
      <Text fw={600} mb={4}>
        {text('modal.reportTitle')}
      </Text>
      <Table striped withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={80}>{text('modal.reportRow')}</Table.Th>
            <Table.Th>{text('modal.reportReason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.data.slice(0, SHOWN).map((line) => (
            <Table.Tr key={line.row} data-testid="task-report-row">
              <Table.Td>{line.row}</Table.Td>
              <Table.Td>{line.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {report.data.length > SHOWN ? (
        <Text size="sm" c="dimmed" mt={4}>
          {text('modal.reportMore', { count: report.data.length - SHOWN })}
        </Text>
      ) : null}
    </div>
  );
}

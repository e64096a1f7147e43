import { Alert, Button, FileInput, Group, Modal, Select, Stack, Stepper, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../shared/api';
import { notifySuccess } from '../../../shared/toasts/notify';
import { tasksApi } from '../api';
import { useTasksText } from '../i18n/use-tasks-text';
import type { ImportUpload, Task } from '../model';
import { useTaskModal } from '../task-modal-store';

export type ImportTarget = { kind: 'students' } | { kind: 'questions'; quizId: string };

/**
 * An import wizard (001 §5): the file is uploaded and saved first, its columns are mapped to the
 * fields (guessed from the titles, changeable, shown over the file's first lines), then the import
 * starts as a background task and the task modal follows it to the per-row errors at the end.
 */
export function ImportWizard({
  target,
  opened,
  onClose,
  onStarted,
}: {
  target: ImportTarget;
  opened: boolean;
  onClose: () => void;
  onStarted?: (task: Task) => void;
}) {
  const text = useTasksText();
  const openTask = useTaskModal((s) => s.open);
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<ImportUpload | null>(null);
  const [columns, setColumns] = useState<Record<string, number>>({});
  const [missing, setMissing] = useState<string | null>(null);
  const reset = () => {
    setFile(null);
    setUpload(null);
    setColumns({});
    setMissing(null);
    send.reset();
    start.reset();
  };
  const close = () => {
    reset();
    onClose();
  };
  const send = useMutation({
    mutationFn: (chosen: File) => tasksApi.upload(target.kind, chosen),
    meta: { errorToast: false },
    onSuccess: (saved) => {
      setUpload(saved);
      setColumns(saved.columns);
    },
  });
  const start = useMutation({
    mutationFn: (saved: ImportUpload) => {
      const body = { upload_id: saved.id, format: saved.format, file_name: saved.file_name, columns };
      return target.kind === 'students'
        ? tasksApi.importStudents(body)
        : tasksApi.importQuestions(target.quizId, body);
    },
    onSuccess: (task) => {
      notifySuccess(text('wizard.started'));
      close();
      onStarted?.(task);
      openTask(task.id);
    },
  });
  const fieldName = (field: string) => text(`fields.${field}` as 'fields.question');
  const begin = (saved: ImportUpload) => {
    const absent = saved.fields.find((f) => f.required && columns[f.field] === undefined);
    if (absent) return setMissing(text('wizard.missingRequired', { field: fieldName(absent.field) }));
    setMissing(null);
    start.mutate(saved);
  };
  const columnOptions = (upload?.header ?? []).map((title, index) => ({
    value: String(index),
    label: title.trim() || text('wizard.column', { number: index + 1 }),
  }));
  const uploadError = send.error && isApiError(send.error) ? send.error.message : send.error?.message;
  return (
    <Modal
      opened={opened}
      onClose={close}
      size="xl"
      centered
      title={text(target.kind === 'students' ? 'wizard.studentsTitle' : 'wizard.questionsTitle')}
      data-testid="import-wizard"
    >
      <Stepper active={upload ? 1 : 0} size="sm" mb="md">
        <Stepper.Step label={text('wizard.stepFile')} />
        <Stepper.Step label={text('wizard.stepMapping')} />
        <Stepper.Step label={text('wizard.stepStart')} />
      </Stepper>
      {!upload ? (
        <Stack gap="sm">
          <Text size="sm">
            {text(target.kind === 'students' ? 'wizard.studentsColumns' : 'wizard.questionsColumns')}
          </Text>
          <FileInput
            label={text('wizard.fileLabel')}
            placeholder={text('wizard.filePlaceholder')}
            description={text('wizard.fileHint')}
            accept=".csv,.xlsx,.xls"
            value={file}
            onChange={setFile}
            clearable
            error={uploadError}
            data-testid="import-file"
          />
          <Group justify="flex-end">
            <Button
              disabled={!file}
              loading={send.isPending}
              onClick={() => file && send.mutate(file)}
              data-testid="import-upload"
            >
              {text('wizard.upload')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm" data-testid="import-mapping">
          <Text size="sm">{text('wizard.mappingHint', { total: upload.total })}</Text>
          <Group gap="sm" align="flex-end">
            {upload.fields.map((f) => (
              <Select
                key={f.field}
                w={190}
                label={fieldName(f.field)}
                description={f.required ? text('wizard.required') : undefined}
                withAsterisk={f.required}
                data={columnOptions}
                placeholder={text('wizard.notUsed')}
                value={columns[f.field] === undefined ? null : String(columns[f.field])}
                onChange={(value) =>
                  setColumns((current) => {
                    const next = { ...current };
                    if (value === null) delete next[f.field];
                    else next[f.field] = Number(value);
                    return next;
                  })
                }
                clearable
                data-testid={`import-column-${f.field}`}
              />
            ))}
          </Group>
          <Text fw={600} size="sm">
            {text('wizard.preview')}
          </Text>
          <Table.ScrollContainer minWidth={500}>
            <Table striped withTableBorder fz="sm" data-testid="import-preview">
              <Table.Thead>
                <Table.Tr>
                  {upload.header.map((title, index) => {
                    const field = Object.entries(columns).find(([, i]) => i === index)?.[0];
                    return (
                      <Table.Th key={index}>
                        {title}
                        {field ? (
                          <Text size="xs" c="blue">
                            → {fieldName(field)}
                          </Text>
                        ) : null}
                      </Table.Th>
                    );
                  })}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {upload.rows.map((row, r) => (
                  <Table.Tr key={r}>
                    {upload.header.map((_, c) => (
                      <Table.Td key={c}>{row[c] ?? ''}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {missing ? <Alert color="red">{missing}</Alert> : null}
          <Group justify="space-between">
            <Button variant="default" onClick={reset}>
              {text('wizard.back')}
            </Button>
            <Button loading={start.isPending} onClick={() => begin(upload)} data-testid="import-start">
              {text('wizard.start')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

import { Alert, Box, Button, Group, Modal, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../../../shared/api';
import { notifySuccess } from '../../../shared/toasts/notify';
import { mediaKeys } from '../api';
import { uploadPercent } from '../model';
import { uploadMedia } from '../upload';

interface UploadRow {
  key: string;
  name: string;
  percent: number;
  state: 'waiting' | 'sending' | 'done' | 'failed';
}

/**
 * 001 §5: the upload modal with a drop zone and progress. Files go one request each, one after another,
 * each with its own bar; a failure is toasted and the rest still go.
 */
export function UploadModal({
  opened,
  folderId,
  folderName,
  onClose,
}: {
  opened: boolean;
  folderId: string | null;
  folderName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const update = (key: string, change: Partial<UploadRow>) =>
    setRows((current) => current.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const send = async (files: File[]) => {
    if (files.length === 0 || busy) return;
    const batch = files.map((file, i) => ({
      file,
      row: { key: `${Date.now()}-${i}-${file.name}`, name: file.name, percent: 0, state: 'waiting' as const },
    }));
    setRows((current) => [...current, ...batch.map((b) => b.row)]);
    setBusy(true);
    let uploaded = 0;
    for (const { file, row } of batch) {
      update(row.key, { state: 'sending' });
      try {
        await uploadMedia(file, folderId, (loaded, total) =>
          update(row.key, { percent: uploadPercent(loaded, total) }),
        );
        update(row.key, { state: 'done', percent: 100 });
        uploaded += 1;
      } catch (error) {
        update(row.key, { state: 'failed' });
        showErrorToast(error);
      }
    }
    setBusy(false);
    void queryClient.invalidateQueries({ queryKey: mediaKeys.all });
    if (uploaded > 0) notifySuccess(t('media.uploadModal.uploaded', { count: uploaded }));
  };

  const close = () => {
    if (busy) return;
    setRows([]);
    onClose();
  };
  const failed = rows.some((r) => r.state === 'failed');
  return (
    <Modal opened={opened} onClose={close} title={t('media.uploadModal.title')} size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('media.uploadModal.into', { folder: folderName })}
        </Text>
        <UnstyledButton
          onClick={() => input.current?.click()}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            void send(Array.from(event.dataTransfer.files));
          }}
          data-testid="media-dropzone"
        >
          <Box
            p="xl"
            ta="center"
            style={{
              border: `2px dashed var(--mantine-color-${dragging ? 'blue-6' : 'default-border'})`,
              borderRadius: 8,
              background: dragging ? 'var(--mantine-color-blue-light)' : undefined,
            }}
          >
            <Text fw={500}>{t('media.uploadModal.drop')}</Text>
            <Text size="sm" c="dimmed">
              {t('media.uploadModal.dropHint')}
            </Text>
          </Box>
        </UnstyledButton>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          data-testid="media-file-input"
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? []);
            event.currentTarget.value = '';
            void send(files);
          }}
        />
        {rows.map((row) => (
          <Stack key={row.key} gap={4} data-testid="upload-row" data-state={row.state}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" truncate>
                {row.name}
              </Text>
              <Text size="sm" c={row.state === 'failed' ? 'red' : 'dimmed'} data-testid="upload-percent">
                {row.state === 'failed'
                  ? t('media.uploadModal.failed')
                  : row.state === 'done'
                    ? t('media.uploadModal.done')
                    : `${row.percent} %`}
              </Text>
            </Group>
            <Progress
              value={row.percent}
              color={row.state === 'failed' ? 'red' : row.state === 'done' ? 'green' : 'blue'}
              animated={row.state === 'sending'}
              aria-label={t('media.uploadModal.progress', { name: row.name, percent: row.percent })}
            />
          </Stack>
        ))}
        {failed ? <Alert color="orange">{t('media.uploadModal.partial')}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

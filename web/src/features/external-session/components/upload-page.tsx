import { Alert, Button, FileInput, Paper, Progress, Radio, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { externalApi, externalKeys, type SessionType } from '../api/external-api';
import { useFileUpload } from '../hooks/use-file-upload';
import { useExternalText } from '../i18n/use-external-text';
import { linkState } from '../model/link-state';
import { LeftChunks } from './left-chunks';
import { LinkFacts } from './link-facts';
import { LinkRefusal } from './link-refusal';

const TYPES: SessionType[] = ['main-camera', 'screen', 'second-camera'];

/**
 * /session/upload/{token}: for when a recording could not go live: a file sent for the link's attempt
 * with a progress bar, or the chunks this browser still holds sent by the exam's uploader.
 */
export function UploadPage() {
  const t = useExternalText();
  useDocumentTitle(t('upload.title'));
  const token = useParams().token ?? '';
  const query = useQuery({
    queryKey: externalKeys.link(token),
    queryFn: ({ signal }) => externalApi.read(token, signal),
    retry: false,
    meta: { errorToast: false },
  });
  const state = linkState('upload', query.data, query.error);
  const [file, setFile] = useState<File | null>(null);
  const [type, setType] = useState<SessionType>('main-camera');
  const { upload, send } = useFileUpload(token);
  return (
    <Stack gap="md" maw={640} mx="auto" data-testid="upload-page">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {t('upload.title')}
        </Title>
        <Text c="dimmed">{t('upload.lead')}</Text>
      </Stack>
      {query.data ? <LinkFacts link={query.data} /> : null}
      <LinkRefusal state={state} />
      {state.kind === 'ready' ? (
        <Paper withBorder radius="md" p="md" component="section">
          <Stack gap="sm">
            <FileInput
              label={t('upload.file')}
              placeholder={t('upload.filePlaceholder')}
              description={t('upload.fileHint')}
              accept="video/*"
              value={file}
              onChange={setFile}
              clearable
              data-testid="upload-file"
            />
            <Radio.Group
              label={t('upload.type')}
              value={type}
              onChange={(v) => setType(v as SessionType)}
              data-testid="upload-type"
            >
              <Stack gap={6} mt={6}>
                {TYPES.map((value) => (
                  <Radio key={value} value={value} label={t(`upload.types.${value}`)} />
                ))}
              </Stack>
            </Radio.Group>
            <Button
              disabled={!file || upload.kind === 'sending'}
              loading={upload.kind === 'sending'}
              onClick={() => file && void send(file, type, t('upload.tooBig'))}
              data-testid="upload-send"
            >
              {t('upload.send')}
            </Button>
            {upload.kind === 'sending' ? (
              <Stack gap={4}>
                <Progress
                  value={upload.percent}
                  aria-label={t('upload.sending', { percent: upload.percent })}
                />
                <Text fz="sm" c="dimmed" data-testid="upload-percent">
                  {t('upload.sending', { percent: upload.percent })}
                </Text>
              </Stack>
            ) : null}
            {upload.kind === 'sent' ? (
              <Alert color="green" data-testid="upload-sent">
                {t('upload.sent')}
              </Alert>
            ) : null}
            {upload.kind === 'failed' ? (
              <Alert color="red" data-testid="upload-failed">
                {t('upload.failed', { reason: upload.reason })}
              </Alert>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
      <LeftChunks />
    </Stack>
  );
}

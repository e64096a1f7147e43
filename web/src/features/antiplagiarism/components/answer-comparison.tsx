import { Badge, Button, CloseButton, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/i18n';
import { answerQuery, type ReportRow } from '../api';
import { BAND_COLORS } from '../model';
import { HighlightedText } from './highlighted-text';

/** One answer beside one of its sources (the strongest first), the matched fragments marked in both; under the table. */
export function AnswerComparison({
  task,
  row,
  onClose,
}: {
  task: string;
  row: ReportRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [source, setSource] = useState<string | undefined>(undefined);
  const detail = useQuery(answerQuery(task, row.answer_key, source));
  const d = detail.data;
  const panel = useRef<HTMLDivElement>(null);
  // Opened from a row of the table above: brought into view.
  useEffect(() => panel.current?.scrollIntoView({ block: 'start', behavior: 'smooth' }), []);
  return (
    <Paper ref={panel} withBorder radius="md" p="md" data-testid="answer-comparison">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Text fw={600}>
          {row.student_name} · {row.question}
        </Text>
        <CloseButton onClick={onClose} aria-label={t('common.close')} />
      </Group>
      {!d ? (
        <Skeleton height={320} />
      ) : (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge color={BAND_COLORS[d.band]} variant="light">
              {t('antiplagiarism.report.originality')}:{' '}
              {d.originality === null ? '—' : `${format.number(d.originality, 1)} %`}
            </Badge>
            <Text size="sm" c="dimmed">
              {t('antiplagiarism.report.words', { count: d.words })}
            </Text>
            {d.source ? (
              <Text size="sm" c="dimmed">
                {t('antiplagiarism.report.fragments', { count: d.source.fragments.length })}
              </Text>
            ) : null}
          </Group>
          <SimpleGrid cols={{ base: 1, md: d.source ? 2 : 1 }} spacing="md">
            <Paper withBorder radius="md" p="sm">
              <Text fw={600}>
                {t('antiplagiarism.report.answer')}: {d.student_name}
              </Text>
              <Text size="xs" c="dimmed" mb="xs">
                {t('antiplagiarism.report.answeredAt', { at: format.dateTime(d.answered_at) })}
              </Text>
              <HighlightedText text={d.text} ranges={d.source?.fragments ?? []} testId="answer-text" />
            </Paper>
            {d.source ? (
              <Paper withBorder radius="md" p="sm">
                <Text fw={600}>
                  {t('antiplagiarism.report.sourceText', { name: d.source.student_name })} ·{' '}
                  {t('antiplagiarism.report.similarity', { value: format.number(d.source.similarity, 1) })}
                </Text>
                <Text size="xs" c="dimmed" mb="xs">
                  {t('antiplagiarism.report.answeredAt', { at: format.dateTime(d.source.answered_at) })}
                  {d.source.answered_at < d.answered_at ? ` · ${t('antiplagiarism.report.earlier')}` : ''}
                </Text>
                <HighlightedText
                  text={d.source.text}
                  ranges={d.source.fragments.map((f) => ({ start: f.source_start, end: f.source_end }))}
                  testId="source-text"
                />
              </Paper>
            ) : (
              <Text c="dimmed">{t('antiplagiarism.report.noSourceText')}</Text>
            )}
          </SimpleGrid>
          {d.sources.length > 1 ? (
            <Group gap="xs">
              <Text size="sm">{t('antiplagiarism.report.otherSources')}:</Text>
              {d.sources.map((s) => (
                <Button
                  key={s.answer_key}
                  size="xs"
                  variant={s.answer_key === (d.source?.answer_key ?? '') ? 'filled' : 'default'}
                  onClick={() => setSource(s.answer_key)}
                >
                  {s.student_name} · {format.number(s.similarity, 1)} %
                </Button>
              ))}
            </Group>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}

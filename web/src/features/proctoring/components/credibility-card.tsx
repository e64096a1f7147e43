import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../model/duration';
import type { Credibility } from '../model/types';

/** docs/proctoring.md: 60 and above counts as credible. */
const CREDIBLE = 60;

/** The attempt's credibility score, how far a review can still move it, and what each type cost. */
export function CredibilityCard({ credibility }: { credibility: Credibility }) {
  const { t } = useTranslation();
  const credible = credibility.score >= CREDIBLE;
  return (
    <Paper withBorder radius="md" p="md" data-testid="credibility">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} fz="md">
            {t('proctoring.credibility.title')}
          </Title>
          <Badge color={credible ? 'teal' : 'red'} size="lg" data-testid="credibility-score">
            {t('proctoring.credibility.score', { score: credibility.score })}
          </Badge>
        </Group>
        <Text size="sm">
          {credible ? t('proctoring.credibility.credible') : t('proctoring.credibility.doubtful')} ·{' '}
          {t('proctoring.credibility.range', credibility.range)} ·{' '}
          {t('proctoring.credibility.unreviewed', { count: credibility.unreviewed })}
        </Text>
        {credibility.contributions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('proctoring.credibility.none')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <Table fz="sm" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('proctoring.credibility.type')}</Table.Th>
                  <Table.Th ta="right">{t('proctoring.credibility.intervals')}</Table.Th>
                  <Table.Th ta="right">{t('proctoring.timeline.duration')}</Table.Th>
                  <Table.Th ta="right">{t('proctoring.credibility.points')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {credibility.contributions.map((c) => (
                  <Table.Tr key={`${c.kind}:${c.action_type}`}>
                    <Table.Td>
                      {t(`proctoring.types.${c.action_type}` as 'proctoring.types.noise', c.action_type)}
                    </Table.Td>
                    <Table.Td ta="right">{c.intervals}</Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {formatClock(c.seconds)}
                    </Table.Td>
                    <Table.Td ta="right">−{c.points}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

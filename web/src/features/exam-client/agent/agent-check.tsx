import { Alert, Badge, Button, Group, List, Paper, Stack, Text, Title, Anchor } from '@mantine/core';
import type { DeviceReport } from '@sabaq/events';
import { useExamText, type ExamKey } from '../i18n/use-exam-text';
import type { AgentState } from './agent-state';
import { agentReady } from './agent-state';
import { sentLines } from './sent-lines';

const BADGE: Record<AgentState['kind'], string> = {
  idle: 'gray',
  connecting: 'blue',
  connected: 'green',
  missing: 'red',
  outdated: 'orange',
  refused: 'red',
};

/**
 * The equipment check's agent block: its state, and what it reports shown to the student as it is
 * sent (the system, displays, what it found and, for a full report, the lists); when it is missing,
 * how to run it and trust its certificate; when outdated or refused, why.
 */
export function AgentCheck({
  state,
  port,
  downloadUrl,
  onRetry,
}: {
  state: AgentState;
  port: number;
  /** Where the school offers the agent (DEVICE_AGENT_DOWNLOAD_URL); without it the school gives the link. */
  downloadUrl: string | null;
  onRetry: () => void;
}) {
  const t = useExamText();
  const url = `https://127.0.0.1:${port}`;
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="agent-title"
      data-testid="agent-check"
      data-state={state.kind}
    >
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Title order={2} fz="md" id="agent-title">
            {t('agent.title')}
          </Title>
          <Badge color={BADGE[state.kind]} variant="light" aria-live="polite" data-testid="agent-state">
            {t(`agent.${state.kind}`)}
          </Badge>
          {state.kind === 'connected' ? (
            <Text fz="sm" c="dimmed">
              {t('agent.version', { version: state.version })}
            </Text>
          ) : null}
        </Group>
        {state.kind !== 'connected' ? (
          <Button
            variant="light"
            size="xs"
            loading={state.kind === 'connecting'}
            onClick={onRetry}
            data-testid="agent-retry"
          >
            {t('agent.retry')}
          </Button>
        ) : null}
      </Group>
      <Text mb="sm" c="dimmed">
        {t('agent.intro')}
      </Text>
      {state.kind === 'missing' ? (
        <Stack gap="xs" data-testid="agent-missing-help">
          <Text fw={500}>{t('agent.missingTitle')}</Text>
          <List type="ordered" spacing="xs">
            <List.Item>
              {downloadUrl ? (
                <>
                  {t('agent.missingStep1Link')}{' '}
                  <Anchor
                    href={downloadUrl}
                    target="_blank"
                    rel="noreferrer"
                    data-testid="agent-download-link"
                  >
                    {t('agent.download')}
                  </Anchor>
                </>
              ) : (
                t('agent.missingStep1')
              )}
            </List.Item>
            <List.Item>
              {t('agent.missingStep2', { url })}{' '}
              <Anchor href={url} target="_blank" rel="noreferrer" data-testid="agent-trust-link">
                {t('agent.openAgent', { url })}
              </Anchor>
            </List.Item>
            <List.Item>{t('agent.missingStep3')}</List.Item>
          </List>
        </Stack>
      ) : null}
      {state.kind === 'outdated' ? (
        <Alert color="orange">
          {t('agent.outdatedText', { version: state.version, min: state.minVersion })}
          {downloadUrl ? (
            <>
              {' '}
              <Anchor href={downloadUrl} target="_blank" rel="noreferrer">
                {t('agent.download')}
              </Anchor>
            </>
          ) : null}
        </Alert>
      ) : null}
      {state.kind === 'refused' ? (
        <Alert color="red" data-testid="agent-refused">
          {t('agent.refusedText', { message: state.message })}
        </Alert>
      ) : null}
      {state.kind === 'connected' ? (
        state.report ? (
          <AgentReportSummary report={state.report} findings={state.findings} />
        ) : (
          <Text c="dimmed">{t('agent.waitingReport')}</Text>
        )
      ) : null}
      {!agentReady(state) ? (
        <Alert color="gray" mt="sm" data-testid="agent-start-blocked">
          {t('agent.startBlocked')}
        </Alert>
      ) : null}
    </Paper>
  );
}

/** What the agent sends, as the student sees it: every value of the report (sent-lines.ts), then its findings. */
function AgentReportSummary({
  report,
  findings,
}: {
  report: DeviceReport;
  findings: DeviceReport['findings'];
}) {
  const t = useExamText();
  return (
    <Stack gap={4} data-testid="agent-report">
      <Text fz="sm" c="dimmed">
        {t('agent.sentNote')}
      </Text>
      {sentLines(report, t).map((line) => (
        <Text
          key={line.id}
          fz={line.id === 'processes' || line.id === 'usb' ? 'xs' : 'sm'}
          data-testid={`agent-report-${line.id}`}
        >
          {line.text}
        </Text>
      ))}
      <FindingList findings={findings} />
    </Stack>
  );
}

export function FindingList({ findings }: { findings: DeviceReport['findings'] }) {
  const t = useExamText();
  if (findings.length === 0) {
    return (
      <Text fz="sm" c="green" data-testid="agent-findings" data-count={0}>
        {t('agent.noFindings')}
      </Text>
    );
  }
  return (
    <Stack gap={2} data-testid="agent-findings" data-count={findings.length}>
      <Text fz="sm" fw={500}>
        {t('agent.findings')}
      </Text>
      {findings.map((f) => (
        <Text key={`${f.kind}:${f.key}`} fz="sm" c="red" data-kind={f.kind}>
          {t(`agent.kinds.${f.kind}` as ExamKey)}: {f.detail}
        </Text>
      ))}
    </Stack>
  );
}

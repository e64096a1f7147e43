import { Badge, Group, Paper, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { DeviceFinding } from '@sabaq/events';
import { useExamText, type ExamKey } from '../i18n/use-exam-text';
import type { AgentState } from './agent-state';
import { findingChanges } from './finding-changes';

const COLOR: Record<AgentState['kind'], string> = {
  idle: 'gray',
  connecting: 'blue',
  connected: 'green',
  missing: 'red',
  outdated: 'orange',
  refused: 'red',
};

/**
 * The agent during the exam: a badge with its state and, live, what it finds now. A finding that
 * appears is also handed to `onBegan` (the page's warning strip), as the web detectors' warnings are.
 */
export function AgentExamPanel({
  state,
  onBegan,
}: {
  state: AgentState;
  onBegan: (finding: DeviceFinding) => void;
}) {
  const t = useExamText();
  const findings = state.kind === 'connected' ? state.findings : [];
  const before = useRef<readonly DeviceFinding[]>([]);
  useEffect(() => {
    const { began } = findingChanges(before.current, findings);
    before.current = findings;
    for (const finding of began) onBegan(finding);
  }, [findings, onBegan]);
  return (
    <Paper withBorder radius="md" p="xs" px="md" data-testid="agent-exam-panel" data-state={state.kind}>
      <Group gap="xs">
        <Badge color={COLOR[state.kind]} variant="dot">
          {t('agent.badge', { state: t(`agent.${state.kind}`) })}
        </Badge>
        {findings.length > 0 ? (
          <Text fz="sm" c="red" data-testid="agent-live-findings" data-count={findings.length}>
            {t('agent.liveFindings', {
              list: findings.map((f) => `${t(`agent.kinds.${f.kind}` as ExamKey)} (${f.detail})`).join(', '),
            })}
          </Text>
        ) : state.kind === 'connected' ? (
          <Text fz="sm" c="dimmed" data-testid="agent-live-findings" data-count={0}>
            {t('agent.noFindings')}
          </Text>
        ) : null}
      </Group>
    </Paper>
  );
}

import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AiReportPanel } from '../ai-report';
import { ActionLogTab } from './action-log-tab';
import { DeviceReportTab } from './device-report-tab';
import { IdentityTab } from './identity-tab';
import { RecordingsTab } from './recordings-tab';
import { ViolationsTab } from './violations-tab';

export const RESULT_TABS = [
  'results',
  'violations',
  'recordings',
  'identity',
  'log',
  'device',
  'ai-report',
] as const;
export type ResultTab = (typeof RESULT_TABS)[number];

const isTab = (value: string | null): value is ResultTab => RESULT_TABS.includes(value as ResultTab);

/**
 * The attempt result page's tabs; the open one is kept in the address as ?tab= so that a reload or a
 * shared link opens it again. Only the open tab is mounted: each loads its own data when first shown.
 */
export function ResultTabs({
  attemptId,
  assignmentId,
  results,
}: {
  attemptId: string;
  assignmentId: string;
  /** The answers and reviews: the first tab. */
  results: ReactNode;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: ResultTab = isTab(requested) ? requested : 'results';
  const open = (value: string | null) => {
    const next = new URLSearchParams(params);
    if (value && value !== 'results') next.set('tab', value);
    else next.delete('tab');
    setParams(next, { replace: true });
  };
  return (
    <Tabs value={active} onChange={open} keepMounted={false} data-testid="result-tabs">
      <Tabs.List>
        {RESULT_TABS.map((tab) => (
          <Tabs.Tab key={tab} value={tab} data-testid={`result-tab-${tab}`}>
            {t(`assignments.result.tabs.${tab}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="results" pt="md">
        {results}
      </Tabs.Panel>
      <Tabs.Panel value="violations" pt="md">
        <ViolationsTab attemptId={attemptId} assignmentId={assignmentId} />
      </Tabs.Panel>
      <Tabs.Panel value="recordings" pt="md">
        <RecordingsTab attemptId={attemptId} />
      </Tabs.Panel>
      <Tabs.Panel value="identity" pt="md">
        <IdentityTab attemptId={attemptId} />
      </Tabs.Panel>
      <Tabs.Panel value="log" pt="md">
        <ActionLogTab attemptId={attemptId} />
      </Tabs.Panel>
      <Tabs.Panel value="device" pt="md">
        <DeviceReportTab attemptId={attemptId} />
      </Tabs.Panel>
      <Tabs.Panel value="ai-report" pt="md">
        <AiReportPanel attemptId={attemptId} />
      </Tabs.Panel>
    </Tabs>
  );
}

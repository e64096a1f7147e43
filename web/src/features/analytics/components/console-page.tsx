import { Alert, Badge, Button, Group, Menu, Paper, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError, showErrorToast } from '../../../shared/api';
import { useFormat } from '../../../shared/i18n';
import { IconDeviceFloppy, IconPlayerPlay, IconPlus } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import { useRunQuery } from '../api/run-query';
import { savedQueriesQuery, useCreateSavedQuery, useUpdateSavedQuery } from '../api/saved-queries';
import type { ChartSettings, SavedQuery } from '../api/types';
import { useConsoleDraft } from '../console-store';
import { chartFor } from '../model/chart-series';
import { EXAMPLE_QUERIES } from '../model/examples';
import { QueryNameModal } from './query-name-modal';
import { ResultChart } from './result-chart';
import { ResultTable } from './result-table';
import { SqlEditor } from './sql-editor';

/** What the server said about a query: its message for the `sql` field, else its message. */
function runError(error: unknown, noResponse: string): string | null {
  if (!error) return null;
  if (isApiError(error)) return error.isUnanswered ? noResponse : (error.fieldError('sql') ?? error.message);
  return error instanceof Error ? error.message : String(error);
}

/** The SQL console (/an/console, `?query=` opens a saved one): write, run, see the table and a chart, save. */
export function ConsolePage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const draft = useConsoleDraft();
  const run = useRunQuery();
  const saved = useQuery(savedQueriesQuery);
  const create = useCreateSavedQuery();
  const update = useUpdateSavedQuery();
  const [naming, setNaming] = useState(false);
  const [runs, setRuns] = useState(0);

  const wanted = params.get('query');
  const missing = Boolean(wanted && saved.data && !saved.data.some((q) => q.id === wanted));
  useEffect(() => {
    const found = wanted ? saved.data?.find((q) => q.id === wanted) : undefined;
    if (found && useConsoleDraft.getState().opened?.id !== found.id) {
      useConsoleDraft.getState().open(found);
      run.reset();
    }
    // Reopening follows the address and the list only (run.reset is stable).
  }, [wanted, saved.data, run.reset]);

  const execute = (sql = draft.sql) => {
    if (sql.trim() === '' || run.isPending) return;
    run.mutate({ sql }, { onSuccess: () => setRuns((n) => n + 1) });
  };
  const openSaved = (query: SavedQuery) => {
    draft.open(query);
    setParams({ query: query.id });
    run.reset();
  };
  const startFresh = (sql: string, chart?: ChartSettings) => {
    draft.start(sql, chart);
    setParams({});
    run.reset();
  };
  const saveChanges = () => {
    if (!draft.opened) return setNaming(true);
    const chart = run.data ? chartFor(run.data.columns, draft.chart) : draft.chart;
    update.mutate(
      { id: draft.opened.id, changes: { sql: draft.sql, chart: chart ?? { type: 'table' } } },
      {
        onSuccess: (query) =>
          notifications.show({ color: 'green', message: t('analytics.queries.saved', { name: query.name }) }),
        onError: showErrorToast,
      },
    );
  };
  const saveAs = (name: string) => {
    const chart = run.data
      ? chartFor(run.data.columns, draft.chart)
      : (draft.chart ?? { type: 'table' as const });
    create.mutate(
      { name, sql: draft.sql, chart },
      {
        onSuccess: (query) => {
          setNaming(false);
          openSaved(query);
          notifications.show({ color: 'green', message: t('analytics.queries.saved', { name: query.name }) });
        },
      },
    );
  };

  const result = run.data;
  const chart = result ? chartFor(result.columns, draft.chart) : undefined;
  const error = runError(run.error, t('errors.noResponse'));
  return (
    <Stack gap="md">
      <PageHeading
        title={t('analytics.console.title')}
        description={
          <Group gap="xs">
            <span>{t('analytics.console.description')}</span>
            <Badge variant="light" data-testid="opened-query">
              {draft.opened
                ? t('analytics.console.opened', { name: draft.opened.name })
                : t('analytics.console.unsaved')}
            </Badge>
          </Group>
        }
      />
      {missing ? (
        <Alert color="yellow" data-testid="query-missing">
          {t('analytics.queries.missing')}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group gap="xs" wrap="wrap">
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              onClick={() => execute()}
              loading={run.isPending}
              disabled={draft.sql.trim() === ''}
              data-testid="run-query"
            >
              {t('analytics.console.run')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={saveChanges}
              loading={update.isPending}
              disabled={draft.sql.trim() === ''}
              data-testid="save-query"
            >
              {t('analytics.queries.save')}
            </Button>
            <Button
              variant="default"
              onClick={() => setNaming(true)}
              disabled={draft.sql.trim() === ''}
              data-testid="save-query-as"
            >
              {t('analytics.queries.saveAs')}
            </Button>
            <Button variant="subtle" leftSection={<IconPlus size={16} />} onClick={() => startFresh('')}>
              {t('analytics.console.newQuery')}
            </Button>
            <Menu position="bottom-start" withinPortal>
              <Menu.Target>
                <Button variant="subtle" data-testid="examples">
                  {t('analytics.console.examples')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {EXAMPLE_QUERIES.map((example) => (
                  <Menu.Item
                    key={example.key}
                    onClick={() => {
                      startFresh(example.sql, example.chart);
                      execute(example.sql);
                    }}
                  >
                    {t(`analytics.examples.${example.key}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <Select
              aria-label={t('analytics.queries.title')}
              placeholder={t('analytics.queries.title')}
              data={(saved.data ?? []).map((q) => ({ value: q.id, label: q.name }))}
              value={draft.opened?.id ?? null}
              onChange={(id) => {
                const query = saved.data?.find((q) => q.id === id);
                if (query) openSaved(query);
              }}
              searchable
              nothingFoundMessage={t('analytics.queries.empty')}
              w={240}
              ml="auto"
              data-testid="open-saved"
            />
          </Group>
          <SqlEditor value={draft.sql} onChange={draft.setSql} onRun={() => execute()} error={error} />
          <Text size="xs" c="dimmed">
            {t('analytics.console.tables')}
          </Text>
        </Stack>
      </Paper>
      {result && chart ? (
        <Stack gap="sm" data-testid="query-result">
          <Group gap="sm">
            <Text fw={600} data-testid="result-summary">
              {t('analytics.console.rows', { count: result.row_count })}
            </Text>
            <Text c="dimmed" size="sm">
              {t('analytics.console.elapsed', { time: format.milliseconds(result.elapsed_ms) })}
            </Text>
          </Group>
          {result.truncated ? (
            <Alert color="yellow" data-testid="result-truncated">
              {t('analytics.console.truncated')}
            </Alert>
          ) : null}
          <ResultChart result={result} chart={chart} onChart={draft.setChart} />
          <ResultTable key={runs} result={result} />
        </Stack>
      ) : !error ? (
        <Text c="dimmed" ta="center" py="lg">
          {t('analytics.console.empty')}
        </Text>
      ) : null}
      <QueryNameModal
        opened={naming}
        title={t('analytics.queries.saveTitle')}
        initialName={draft.opened?.name ?? ''}
        submitLabel={t('analytics.queries.save')}
        pending={create.isPending}
        error={create.error}
        onSubmit={saveAs}
        onClose={() => {
          setNaming(false);
          create.reset();
        }}
      />
    </Stack>
  );
}

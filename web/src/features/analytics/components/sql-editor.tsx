import { Alert, Textarea } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The query's text: a monospace textarea (an editor library would cost more than the console itself);
 * Ctrl+Enter (⌘+Enter on a Mac) runs it. The server's refusal is shown right under it.
 */
export function SqlEditor({
  value,
  onChange,
  onRun,
  error,
}: {
  value: string;
  onChange: (sql: string) => void;
  onRun: () => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onRun();
    }
  };
  return (
    <div>
      <Textarea
        label={t('analytics.console.editor')}
        description={t('analytics.console.runHint')}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        autosize
        minRows={7}
        maxRows={20}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        // Not Mantine's error state, which turns the query's text red: the alert below says what is wrong.
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'sql-error' : undefined}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 14 } }}
        data-testid="sql-editor"
      />
      {error ? (
        <Alert
          color="red"
          mt="xs"
          id="sql-error"
          role="alert"
          data-testid="sql-error"
          styles={{ message: { whiteSpace: 'pre-wrap' } }}
        >
          {error}
        </Alert>
      ) : null}
    </div>
  );
}

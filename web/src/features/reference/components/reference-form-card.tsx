import { Button, Group, Paper, Stack } from '@mantine/core';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a reference form takes from its page. */
export interface ReferenceFormProps<F> {
  initial: F;
  errors: Record<string, string>;
  busy: boolean;
  onSubmit: (form: F) => void;
  onCancel: () => void;
}

/**
 * A reference form's values; a text input's value, change handler and server error by field; and the
 * card's props, which submit the current values once `ready`.
 */
export function useReferenceForm<F>({ initial, errors, busy, onSubmit, onCancel }: ReferenceFormProps<F>) {
  const [form, setForm] = useState(initial);
  const textOf = (key: keyof F & string) => ({
    value: form[key] as string,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setForm({ ...form, [key]: e.currentTarget.value }),
    error: errors[key],
  });
  const cardOf = (ready: boolean) => ({ ready, busy, onCancel, onSubmit: () => onSubmit(form) });
  return { form, setForm, textOf, cardOf };
}

/**
 * The card every reference form sits in: it submits only when `ready`, and ends with Cancel and Save.
 * Not RecordForm: its button row stands a step lower (mt="sm"), and moving it would move these screens.
 */
export function ReferenceFormCard({
  ready,
  busy,
  onSubmit,
  onCancel,
  children,
}: {
  ready: boolean;
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) onSubmit();
      }}
    >
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          {children}
          <Group justify="flex-end" gap="xs" mt="sm">
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!ready}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}

import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The shell of every record's create and edit form: the card, one submit that cannot fire twice or
 * while the form is not ready, the server's field errors that no input shows, and the submit/cancel row.
 * `card={false}` when the form is several cards of its own (the person form's account and profile).
 */
export function RecordForm({
  children,
  onSubmit,
  busy,
  submitLabel,
  onCancel,
  canSubmit = true,
  errors = {},
  shownFields,
  card = true,
  submitTestId,
  label,
  actions,
}: {
  children: ReactNode;
  onSubmit: () => void;
  busy: boolean;
  submitLabel: string;
  onCancel?: () => void;
  /** False while required fields are empty: the button is disabled and Enter does nothing. */
  canSubmit?: boolean;
  /** The server's field errors; those not under `shownFields` are listed above the buttons. */
  errors?: Record<string, string>;
  shownFields?: readonly string[];
  card?: boolean;
  submitTestId?: string;
  /** The form's accessible name, when the page holds more than one form. */
  label?: string;
  /** More in the button row, before Cancel (a server's connection check beside its Save). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const unplaced = shownFields ? unplacedErrors(errors, shownFields) : [];
  const body = (
    <Stack gap={card ? 'sm' : 'md'}>
      {children}
      {unplaced.length > 0 ? (
        <Alert color="red" data-testid="record-form-errors">
          {unplaced.map(([field, text]) => (
            <div key={field}>{text}</div>
          ))}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="xs">
        {actions}
        {onCancel ? (
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button type="submit" loading={busy} disabled={!canSubmit} data-testid={submitTestId}>
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        // The guard: a second Enter while the first save runs, or a submit of an unready form, is dropped.
        if (busy || !canSubmit) return;
        onSubmit();
      }}
    >
      {card ? (
        <Paper withBorder radius="md" p="lg">
          {body}
        </Paper>
      ) : (
        body
      )}
    </form>
  );
}

/** Field errors whose field is not among the inputs shown (a nested path counts as its field's). */
export function unplacedErrors(
  errors: Record<string, string>,
  shownFields: readonly string[],
): [string, string][] {
  return Object.entries(errors).filter(
    ([field, text]) => text && !shownFields.some((shown) => field === shown || field.startsWith(`${shown}.`)),
  );
}

/** What every record form takes from its page: the first values, the save's state and its outcome. */
export interface RecordFormProps<F> {
  initial: F;
  busy: boolean;
  errors: Record<string, string>;
  submitLabel: string;
  onSubmit: (fields: F) => void;
  onCancel?: () => void;
}

/** The RecordForm props a form passes on unchanged, submitting its current `fields`. */
export function shellOf<F>(props: RecordFormProps<F>, fields: F) {
  return {
    onSubmit: () => props.onSubmit(fields),
    busy: props.busy,
    submitLabel: props.submitLabel,
    onCancel: props.onCancel,
    errors: props.errors,
  };
}

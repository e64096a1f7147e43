import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api';

/**
 * Asks for a query's name (saving a new query, renaming one). The server's field errors for `name`
 * show under the input; other failures under the form.
 */
export function QueryNameModal({
  opened,
  title,
  initialName,
  submitLabel,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  title: string;
  initialName: string;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (opened) {
      setName(initialName);
      setTouched(false);
    }
  }, [opened, initialName]);
  const blank = name.trim() === '';
  const serverError = isApiError(error) ? (error.fieldError('name') ?? error.message) : null;
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered data-testid="query-name-modal">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!blank) onSubmit(name.trim());
        }}
      >
        <TextInput
          label={t('analytics.queries.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={touched && blank ? t('analytics.queries.nameRequired') : serverError}
          maxLength={200}
          data-autofocus
          data-testid="query-name"
        />
        <Group justify="flex-end" gap="xs" mt="lg">
          <Button variant="default" onClick={onClose}>
            {t('analytics.queries.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="query-name-submit">
            {submitLabel}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

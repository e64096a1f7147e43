import { Button, ColorInput, Group, MultiSelect, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nameOf, schoolStudentsQuery } from '../api';

export interface ClassFields extends Record<string, unknown> {
  name: string;
  description: string;
  color: string;
  students: string[];
}

/** A class's name, description, colour and students, for creating and editing. */
export function ClassForm({
  initial,
  busy,
  errors,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: ClassFields;
  busy: boolean;
  errors: Record<string, string>;
  submitLabel: string;
  onSubmit: (fields: ClassFields) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [fields, setFields] = useState(initial);
  const students = useQuery(schoolStudentsQuery);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(fields);
      }}
    >
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <TextInput
            label={t('classes.fields.name')}
            required
            name="name"
            value={fields.name}
            onChange={(e) => setFields({ ...fields, name: e.currentTarget.value })}
            error={errors.name}
          />
          <Textarea
            label={t('classes.fields.description')}
            autosize
            minRows={2}
            value={fields.description}
            onChange={(e) => setFields({ ...fields, description: e.currentTarget.value })}
            error={errors.description}
          />
          <ColorInput
            label={t('classes.fields.color')}
            format="hex"
            value={fields.color}
            onChange={(color) => setFields({ ...fields, color })}
            error={errors.color}
          />
          <MultiSelect
            label={t('classes.fields.students')}
            placeholder={t('classes.pickStudents')}
            data={(students.data ?? []).map((s) => ({ value: s.id, label: nameOf(s) }))}
            value={fields.students}
            onChange={(value) => setFields({ ...fields, students: value })}
            searchable
            nothingFoundMessage={t('common.nothingFound')}
            error={errors.students}
          />
          <Group justify="flex-end" gap="xs">
            {onCancel ? (
              <Button variant="default" onClick={onCancel}>
                {t('common.cancel')}
              </Button>
            ) : null}
            <Button type="submit" loading={busy} data-testid="class-save">
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}

import { MultiSelect, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordForm, shellOf, type RecordFormProps } from '../../../shared/ui/record-form';
import { classesQuery, type GroupFields } from '../api';

/** Name, description and the school's classes of an anti-plagiarism group. */
export function GroupForm(props: RecordFormProps<GroupFields>) {
  const { t } = useTranslation();
  const [fields, setFields] = useState(props.initial);
  const classes = useQuery(classesQuery);
  const set = (change: Partial<GroupFields>) => setFields((current) => ({ ...current, ...change }));
  const options = (classes.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  // A class no longer listed (deleted) still shows by its id, so saving does not drop it silently.
  for (const id of fields.class_ids)
    if (!options.some((o) => o.value === id)) options.push({ value: id, label: id });
  return (
    <RecordForm
      {...shellOf(props, fields)}
      canSubmit={fields.name.trim() !== '' && fields.class_ids.length > 0}
      shownFields={['name', 'description', 'class_ids']}
      submitTestId="group-submit"
    >
      <TextInput
        label={t('antiplagiarism.groups.fields.name')}
        required
        value={fields.name}
        onChange={(event) => set({ name: event.currentTarget.value })}
        error={props.errors.name}
        data-testid="group-name"
      />
      <Textarea
        label={t('antiplagiarism.groups.fields.description')}
        autosize
        minRows={2}
        value={fields.description}
        onChange={(event) => set({ description: event.currentTarget.value })}
        error={props.errors.description}
      />
      <MultiSelect
        label={t('antiplagiarism.groups.fields.classes')}
        placeholder={t('antiplagiarism.groups.fields.classesPlaceholder')}
        required
        searchable
        data={options}
        value={fields.class_ids}
        onChange={(class_ids) => set({ class_ids })}
        error={props.errors.class_ids}
        data-testid="group-classes"
      />
    </RecordForm>
  );
}

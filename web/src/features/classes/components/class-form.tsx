import { ColorInput, MultiSelect, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordForm, shellOf, type RecordFormProps } from '../../../shared/ui/record-form';
import { nameOf, schoolStudentsQuery } from '../api';

export interface ClassFields extends Record<string, unknown> {
  name: string;
  description: string;
  color: string;
  students: string[];
}

/** A class's name, description, colour and students, for creating and editing. */
export function ClassForm(props: RecordFormProps<ClassFields>) {
  const { initial, errors } = props;
  const { t } = useTranslation();
  const [fields, setFields] = useState(initial);
  const students = useQuery(schoolStudentsQuery);
  return (
    <RecordForm {...shellOf(props, fields)} submitTestId="class-save">
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
    </RecordForm>
  );
}

import { Group, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordForm, shellOf, type RecordFormProps } from '../../../shared/ui/record-form';
import { CertificateSettingsFields } from '../../../shared/certificates/certificate-settings-fields';
import { MediaField } from '../../media-library';
import { AuthoringRichText } from '../components/editors/authoring-rich-text';
import type { CourseFields } from './course-model';

const STATUSES = ['draft', 'published'] as const;
const ACCESS = ['public', 'private', 'prepaid'] as const;

/** The course's own fields: name, descriptions, the cover from the media library, status and access. */
export function CourseFieldsForm(props: RecordFormProps<CourseFields>) {
  const { t } = useTranslation();
  const { initial, errors } = props;
  const [fields, setFields] = useState(initial);
  // A course has no flag of its own: a certificate is on once a template is chosen.
  const [certificateOn, setCertificateOn] = useState(initial.certificate_id !== null);
  const set = (patch: Partial<CourseFields>) => setFields((current) => ({ ...current, ...patch }));
  return (
    <RecordForm
      {...shellOf(props, fields)}
      shownFields={[
        'name',
        'short_description',
        'description',
        'image',
        'status',
        'availability_type',
        'certificate_id',
        'settings',
      ]}
      canSubmit={fields.name.trim() !== ''}
      submitTestId="course-fields-save"
      label={t('authoring.courseEditor.fields')}
    >
      <TextInput
        label={t('authoring.fields.name')}
        required
        name="name"
        value={fields.name}
        onChange={(e) => set({ name: e.currentTarget.value })}
        error={errors.name}
      />
      <TextInput
        label={t('authoring.courseEditor.shortDescription')}
        name="short_description"
        value={fields.short_description}
        onChange={(e) => set({ short_description: e.currentTarget.value })}
        error={errors.short_description}
      />
      <AuthoringRichText
        label={t('authoring.fields.description')}
        minRows={2}
        value={fields.description}
        onChange={(description) => set({ description })}
        error={errors.description}
      />
      <MediaField
        label={t('authoring.courseEditor.cover')}
        kinds={['image']}
        value={fields.image}
        onChange={(media) => set({ image: media?.src ?? null })}
        error={errors.image}
        testId="course-cover"
      />
      <Group grow>
        <Select
          label={t('authoring.fields.status')}
          data={STATUSES.map((value) => ({ value, label: t(`authoring.statuses.${value}`) }))}
          value={fields.status}
          allowDeselect={false}
          onChange={(value) => set({ status: value === 'published' ? 'published' : 'draft' })}
          error={errors.status}
        />
        <Select
          label={t('authoring.fields.availability')}
          data={ACCESS.map((value) => ({ value, label: t(`authoring.availability.${value}`) }))}
          value={fields.availability_type}
          allowDeselect={false}
          onChange={(value) => set({ availability_type: ACCESS.find((a) => a === value) ?? 'public' })}
          error={errors.availability_type}
        />
      </Group>
      <CertificateSettingsFields
        value={{
          is_certificate: certificateOn,
          certificate_id: fields.certificate_id,
          issue_type: fields.certificate_issue_type,
        }}
        onChange={(next) => {
          setCertificateOn(next.is_certificate);
          set({
            certificate_id: next.is_certificate ? next.certificate_id : null,
            certificate_issue_type: next.issue_type,
          });
        }}
        error={errors.certificate_id}
        hint={certificateOn ? t('certificates.settings.courseHint') : undefined}
      />
    </RecordForm>
  );
}

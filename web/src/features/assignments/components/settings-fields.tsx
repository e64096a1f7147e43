import { NumberInput, Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import { CertificateSettingsFields } from '../../../shared/certificates/certificate-settings-fields';
import { useTranslation } from 'react-i18next';
import type { AssignmentForm } from '../form-model';
import { FormSection } from './form-section';

type Set = <K extends keyof AssignmentForm>(key: K, value: AssignmentForm[K]) => void;

const FLAGS = [
  'is_show_results_after_finished',
  'is_show_scores',
  'is_show_answers_after_finished',
  'is_straight_answer',
  'is_comments',
  'is_hide_users',
] as const;

/** The settings form: what students see afterwards, question order, grading and certificates. */
export function SettingsFields({
  form,
  set,
  errors,
}: {
  form: AssignmentForm;
  set: Set;
  errors?: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('assignments.form.settings')} testId="settings-form">
      <Stack gap="sm">
        {FLAGS.map((flag) => (
          <Switch
            key={flag}
            label={t(`assignments.flags.${flag}`)}
            checked={form[flag]}
            onChange={(e) => set(flag, e.currentTarget.checked)}
          />
        ))}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('assignments.fields.pointsMethod')}
            data={[
              { value: 'sum', label: t('assignments.pointsMethods.sum') },
              { value: 'avg', label: t('assignments.pointsMethods.avg') },
            ]}
            value={form.points_method_type}
            allowDeselect={false}
            onChange={(value) => set('points_method_type', value === 'avg' ? 'avg' : 'sum')}
          />
          <Switch
            mt="xl"
            label={t('assignments.form.shuffle')}
            checked={form.shuffle}
            onChange={(e) => set('shuffle', e.currentTarget.checked)}
          />
          <NumberInput
            label={t('assignments.form.perStudent')}
            description={t('assignments.form.perStudentHint')}
            min={0}
            max={1000}
            allowDecimal={false}
            value={form.per_student}
            onChange={(value) => set('per_student', typeof value === 'number' ? value : '')}
          />
        </SimpleGrid>
        <Stack gap="sm">
          <CertificateSettingsFields
            value={{
              is_certificate: form.is_certificate,
              certificate_id: form.certificate_id,
              issue_type: form.certificate_issue_type,
            }}
            onChange={(next) => {
              set('is_certificate', next.is_certificate);
              set('certificate_id', next.certificate_id);
              set('certificate_issue_type', next.issue_type);
            }}
            error={errors?.certificate_id}
          />
          <Switch
            label={t('assignments.form.certificateReport')}
            checked={form.certificate_show_report}
            onChange={(e) => set('certificate_show_report', e.currentTarget.checked)}
          />
        </Stack>
      </Stack>
    </FormSection>
  );
}

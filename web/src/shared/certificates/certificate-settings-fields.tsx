import { Anchor, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { records } from '../api';

/**
 * The school's templates a form offers (at most 100, the record API's largest page). Here rather than in
 * the certificates feature because the assignment and course forms, other features, show the choice.
 */
export const templateOptionsQuery = queryOptions({
  queryKey: ['certificate-templates', 'options'] as const,
  queryFn: async ({ signal }) =>
    (
      await records.page<{ id: string; name: string }>(
        'certificates',
        { page: 1, limit: 100, orderBy: 'name', sortedBy: 'asc' },
        signal,
      )
    ).data,
});

export const ISSUE_TYPES = ['auto-conditions', 'auto-all', 'manual'] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];

/** What an assignment or a course says about certificates (000 §3, §4: is_certificate, certificate_id, settings.certificate.issue_type). */
export interface CertificateSettings {
  is_certificate: boolean;
  certificate_id: string | null;
  issue_type: IssueType;
}

/**
 * The certificate block of the assignment and course forms: whether to issue, from which of the
 * school's templates, and how (automatically with conditions — the default —, to all who finished,
 * or by hand).
 */
export function CertificateSettingsFields({
  value,
  onChange,
  error,
  hint,
}: {
  value: CertificateSettings;
  onChange: (next: CertificateSettings) => void;
  error?: string;
  hint?: string;
}) {
  const { t } = useTranslation();
  const templates = useQuery({ ...templateOptionsQuery, enabled: value.is_certificate });
  const options = (templates.data ?? []).map((template) => ({ value: template.id, label: template.name }));
  return (
    <Stack gap="xs" data-testid="certificate-settings">
      <Switch
        label={t('certificates.settings.enabled')}
        checked={value.is_certificate}
        onChange={(e) => onChange({ ...value, is_certificate: e.currentTarget.checked })}
        data-testid="certificate-enabled"
      />
      {value.is_certificate ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('certificates.settings.template')}
            placeholder={t('certificates.settings.templatePlaceholder')}
            data={options}
            value={value.certificate_id}
            onChange={(id) => onChange({ ...value, certificate_id: id })}
            nothingFoundMessage={t('certificates.settings.noTemplates')}
            searchable
            error={error}
            data-testid="certificate-template"
          />
          <Select
            label={t('certificates.settings.issueType')}
            data={ISSUE_TYPES.map((type) => ({
              value: type,
              label: t(`certificates.settings.issueTypes.${type}`),
            }))}
            value={value.issue_type}
            allowDeselect={false}
            onChange={(type) => onChange({ ...value, issue_type: (type ?? 'auto-conditions') as IssueType })}
            data-testid="certificate-issue-type"
          />
        </SimpleGrid>
      ) : null}
      {value.is_certificate && templates.isSuccess && options.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Anchor component={Link} to="/t/certificates/create">
            {t('certificates.settings.noTemplates')}
          </Anchor>
        </Text>
      ) : null}
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}

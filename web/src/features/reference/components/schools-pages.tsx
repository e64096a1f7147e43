import { Alert, Anchor, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeading } from '../../../shared/ui/page-heading';
import { PagedTable } from '../../../shared/ui/paged-table';
import { SCHOOLS_QUERY_KEY, schoolsApi } from '../../schools';

/**
 * Schools (/a/schools): the platform has no schools collection yet, only GET /api/schools.json (the
 * schools the signed-in admin belongs to), so this screen lists those, read-only, and says so.
 */
export function SchoolsPage() {
  const { t } = useTranslation();
  const schools = useQuery({ queryKey: SCHOOLS_QUERY_KEY, queryFn: ({ signal }) => schoolsApi.list(signal) });
  return (
    <Stack gap="md">
      <PageHeading title={t('reference.schools.title')} description={t('reference.schools.description')} />
      <Alert color="gray" data-testid="schools-read-only">
        {t('reference.schools.readOnly')}
      </Alert>
      <PagedTable
        label={t('reference.schools.title')}
        columns={[
          {
            key: 'name',
            header: t('reference.fields.name'),
            render: (school) => (
              <Anchor component={Link} to={`/a/schools/${school.id}`} fw={500}>
                {school.name}
              </Anchor>
            ),
          },
          {
            key: 'description',
            header: t('reference.fields.description'),
            wide: true,
            render: (s) => s.short_description ?? '—',
          },
          { key: 'email', header: t('person.email'), wide: true, render: (s) => s.email ?? '—' },
        ]}
        rows={schools.data}
        rowKey={(school) => school.id}
        loading={schools.isPending}
        page={1}
        lastPage={1}
        onPage={() => undefined}
        empty={t('reference.schools.empty')}
      />
    </Stack>
  );
}

export function SchoolPage() {
  const { t } = useTranslation();
  const id = useParams().entity;
  const schools = useQuery({ queryKey: SCHOOLS_QUERY_KEY, queryFn: ({ signal }) => schoolsApi.list(signal) });
  const school = schools.data?.find((s) => s.id === id);
  if (schools.isPending) return <Skeleton height={240} radius="md" />;
  if (!school) return <PageHeading title={t('reference.schools.missing')} />;
  const rows: [string, string | null | undefined][] = [
    [t('reference.fields.description'), school.short_description],
    [t('reference.fields.type'), school.type],
    [t('reference.fields.website'), school.website],
    [t('person.email'), school.email],
    [t('reference.fields.phone'), school.call_center_phone],
  ];
  return (
    <>
      <PageHeading title={school.name} description={t('reference.schools.one')} />
      <Paper withBorder radius="md" p="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" style={{ margin: 0 }}>
          {rows.map(([label, value]) => (
            <Stack key={label} gap={0}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0}>
                {value || '—'}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Paper>
    </>
  );
}

import { Anchor, Badge, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { clampPage } from '../../../shared/api';
import { IconPlus } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import { PagedTable, type Column } from '../../../shared/ui/paged-table';
import {
  allRegionsQuery,
  referencePageQuery,
  type City,
  type ReferenceCollection,
  type Region,
  type School,
} from '../api';

/** Regions (/a/regions) and cities (/a/cities): paged lists an admin edits. */
export function RegionsPage() {
  const { t } = useTranslation();
  const columns: Column<Region>[] = [
    {
      key: 'name',
      header: t('reference.fields.name'),
      render: (region) => (
        <Anchor component={Link} to={`/a/regions/${region.id}`} fw={500}>
          {region.name}
        </Anchor>
      ),
    },
    {
      key: 'description',
      header: t('reference.fields.description'),
      wide: true,
      render: (r) => r.description ?? '—',
    },
  ];
  return <ReferenceList<Region> collection="regions" columns={columns} />;
}

export function CitiesPage() {
  const { t } = useTranslation();
  const regions = useQuery(allRegionsQuery);
  const regionName = (id: string | null) => regions.data?.find((r) => r.id === id)?.name ?? '—';
  const columns: Column<City>[] = [
    {
      key: 'name',
      header: t('reference.fields.name'),
      render: (city) => (
        <Anchor component={Link} to={`/a/cities/${city.id}`} fw={500}>
          {city.name}
        </Anchor>
      ),
    },
    { key: 'slug', header: t('reference.fields.slug'), wide: true, render: (city) => city.slug },
    { key: 'region', header: t('reference.fields.region'), render: (city) => regionName(city.region_id) },
    {
      key: 'default',
      header: t('reference.fields.isDefault'),
      wide: true,
      render: (city) => (city.is_default ? <Badge color="green">{t('common.yes')}</Badge> : null),
    },
  ];
  return <ReferenceList<City> collection="cities" columns={columns} />;
}

/** Schools (/a/schools): every school of the platform, which the admin adds and edits. */
export function SchoolsPage() {
  const { t } = useTranslation();
  const columns: Column<School>[] = [
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
  ];
  return <ReferenceList<School> collection="schools" columns={columns} />;
}

function ReferenceList<T extends { id: string }>({
  collection,
  columns,
}: {
  collection: ReferenceCollection;
  columns: Column<T>[];
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = clampPage(Number(params.get('page') ?? '1'), Number.MAX_SAFE_INTEGER);
  const list = useQuery(referencePageQuery<T>(collection, requested));
  const title = t(`reference.${collection}.title`);
  return (
    <Stack gap="md">
      <PageHeading
        title={title}
        description={
          list.data
            ? t('reference.total', { count: list.data.total })
            : t(`reference.${collection}.description`)
        }
        toolbar={[
          {
            key: 'create',
            label: t(`reference.${collection}.create`),
            icon: <IconPlus size={18} />,
            to: `/a/${collection}/create`,
          },
        ]}
      />
      <PagedTable
        label={title}
        columns={columns}
        rows={list.data?.data}
        rowKey={(row) => row.id}
        loading={list.isPending}
        page={list.data?.current_page ?? requested}
        lastPage={list.data?.last_page ?? 1}
        onPage={(page) => setParams({ page: String(page) })}
        empty={t(`reference.${collection}.empty`)}
      />
    </Stack>
  );
}

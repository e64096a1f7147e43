import { ActionIcon, Anchor, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { clampPage } from '../../../shared/api';
import { useFormat } from '../../../shared/i18n';
import { fullNameOf } from '../../../shared/person/full-name';
import { IconEdit, IconPlus, IconSearch } from '../../../shared/ui/icons';
import { PageHeading, type ToolbarItem } from '../../../shared/ui/page-heading';
import { PagedTable, type Column } from '../../../shared/ui/paged-table';
import { peoplePageQuery } from '../api';
import { idNameOf, type PeopleCollection, type Person } from '../model';

/**
 * The index and the search of a people collection (000 §2): paged (the page in ?page), with five
 * loading placeholders; the search route takes ?query and searches names, username, e-mail and phone.
 */
export function PeopleListPage({
  collection,
  mode,
  toolbar = [],
}: {
  collection: PeopleCollection;
  mode: 'index' | 'search';
  /** More toolbar items, composed in by the app (the students import wizard). */
  toolbar?: ToolbarItem[];
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = mode === 'search' ? (params.get('query') ?? '').trim() : '';
  const requested = clampPage(Number(params.get('page') ?? '1'), Number.MAX_SAFE_INTEGER);
  const [typed, setTyped] = useState(query);
  const list = useQuery(peoplePageQuery(collection, requested, query));
  // The platform answers a page past the end as the last page (000 §4): show the page it answered.
  const page = list.data?.current_page ?? requested;
  const base = `/m/${collection}`;

  const columns: Column<Person>[] = [
    {
      key: 'name',
      header: t('person.fullName'),
      render: (person) => (
        <Anchor component={Link} to={`${base}/${person.id}`} fw={500}>
          {fullNameOf(person)}
        </Anchor>
      ),
    },
    { key: 'username', header: t('person.username'), render: (person) => person.username },
    { key: 'email', header: t('person.email'), wide: true, render: (person) => person.email ?? '—' },
    { key: 'phone', header: t('person.phone'), wide: true, render: (person) => person.phone ?? '—' },
    {
      key: 'registered',
      header: t('person.registered'),
      wide: true,
      render: (person) => (person.register_date ? format.dateTime(person.register_date) : '—'),
    },
    {
      key: 'actions',
      header: '',
      render: (person) => (
        <Tooltip label={t('common.edit')}>
          <ActionIcon
            component={Link}
            to={`${base}/edit/${idNameOf(person)}`}
            variant="subtle"
            aria-label={`${t('common.edit')}: ${fullNameOf(person)}`}
          >
            <IconEdit size={18} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  const title = mode === 'search' ? t(`people.${collection}.searchTitle`) : t(`people.${collection}.title`);
  return (
    <Stack gap="md">
      <PageHeading
        title={title}
        description={
          list.data ? t('people.total', { count: list.data.total }) : t(`people.${collection}.description`)
        }
        toolbar={[
          {
            key: 'create',
            label: t(`people.${collection}.create`),
            icon: <IconPlus size={18} />,
            to: `${base}/create`,
          },
          ...toolbar,
          {
            key: 'search',
            label: t('common.search'),
            icon: <IconSearch size={18} />,
            to: `${base}/search`,
            variant: 'default',
            visible: mode === 'index',
          },
        ]}
      />
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const next = typed.trim();
          void navigate(
            next
              ? `${base}/search?query=${encodeURIComponent(next)}`
              : mode === 'search'
                ? `${base}/search`
                : base,
          );
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('people.searchLabel')}
            placeholder={t('people.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            data-testid="people-search"
          />
          <Button type="submit" variant="light">
            {t('common.find')}
          </Button>
        </Group>
      </form>
      {mode === 'search' && query ? (
        <Text size="sm" c="dimmed">
          {t('people.searchFor', { query })}
        </Text>
      ) : null}
      <PagedTable
        label={title}
        columns={columns}
        rows={list.data?.data}
        rowKey={(person) => person.id}
        loading={list.isPending}
        page={page}
        lastPage={list.data?.last_page ?? 1}
        onPage={(next) => {
          const nextParams = new URLSearchParams(params);
          nextParams.set('page', String(next));
          setParams(nextParams);
        }}
        empty={mode === 'search' && query ? t('people.nothingFound') : t(`people.${collection}.empty`)}
      />
    </Stack>
  );
}

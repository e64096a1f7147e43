import { Anchor, Badge, Button, Group, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { clampPage } from '../../../shared/api';
import { useFormat } from '../../../shared/i18n';
import { IconPlus, IconSearch } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import { PagedTable, type Column } from '../../../shared/ui/paged-table';
import { authoringPageQuery } from '../api';
import type { Course, Lesson, Quiz } from '../model';

type Row = Quiz | Lesson | Course;

/** What differs between the lists of quizzes, lessons and courses. */
const LISTS = {
  quiz: { base: '/t/quiz', texts: 'quizzes', creatable: true },
  lessons: { base: '/t/lessons', texts: 'lessons', creatable: true },
  courses: { base: '/t/courses', texts: 'courses', creatable: true },
} as const;

/**
 * /t/quiz, /t/lessons and /t/courses: the school's records, newest first, 25 a page (?page), five
 * loading placeholders, search in ?query.
 */
export function AuthoringListPage({ collection }: { collection: keyof typeof LISTS }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { base, texts, creatable } = LISTS[collection];
  const [params, setParams] = useSearchParams();
  const query = (params.get('query') ?? '').trim();
  const requested = clampPage(Number(params.get('page') ?? '1'), Number.MAX_SAFE_INTEGER);
  const [typed, setTyped] = useState(query);
  const list = useQuery(authoringPageQuery<Row>(collection, requested, query));
  const page = list.data?.current_page ?? requested;
  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key === 'query') next.delete('page');
    setParams(next);
  };
  const columns: Column<Row>[] = [
    {
      key: 'name',
      header: t('authoring.fields.name'),
      render: (row) =>
        creatable ? (
          <Anchor component={Link} to={`${base}/${row.id}`} fw={500}>
            {row.name}
          </Anchor>
        ) : (
          row.name
        ),
    },
    ...(collection === 'quiz'
      ? [
          {
            key: 'questions',
            header: t('authoring.fields.questions'),
            render: (r: Row) => format.number((r as Quiz).components_count),
          },
          {
            key: 'score',
            header: t('authoring.fields.maxScore'),
            render: (r: Row) => format.number((r as Quiz).max_score),
          },
        ]
      : []),
    ...(collection === 'lessons'
      ? [
          {
            key: 'status',
            header: t('authoring.fields.status'),
            render: (r: Row) => (
              <Badge variant="light">{t(`authoring.statuses.${(r as Lesson).status}`)}</Badge>
            ),
          },
          {
            key: 'chapters',
            header: t('authoring.fields.chapters'),
            render: (r: Row) => format.number((r as Lesson).chapters_count),
          },
        ]
      : []),
    ...(collection === 'courses'
      ? [
          {
            key: 'status',
            header: t('authoring.fields.status'),
            render: (r: Row) => (
              <Badge variant="light">{t(`authoring.statuses.${(r as Course).status}`)}</Badge>
            ),
          },
          {
            key: 'access',
            header: t('authoring.fields.availability'),
            render: (r: Row) => t(`authoring.availability.${(r as Course).availability_type}`),
          },
          {
            key: 'materials',
            header: t('authoring.fields.materials'),
            render: (r: Row) => format.number((r as Course).materials_count),
          },
        ]
      : []),
    {
      key: 'created',
      header: t('authoring.fields.created'),
      wide: true,
      render: (row) => format.dateTime(row.created_at),
    },
  ];
  return (
    <Stack gap="md">
      <PageHeading
        title={t(`authoring.${texts}.title`)}
        description={
          list.data
            ? t(`authoring.${texts}.total`, { count: list.data.total })
            : t(`authoring.${texts}.description`)
        }
        toolbar={
          creatable
            ? [
                {
                  key: 'create',
                  label: t(`authoring.${texts}.create`),
                  icon: <IconPlus size={18} />,
                  to: `${base}/create`,
                },
              ]
            : []
        }
      />
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setParam('query', typed.trim() || null);
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('authoring.searchLabel')}
            placeholder={t('authoring.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
          <Button type="submit" variant="light">
            {t('common.find')}
          </Button>
        </Group>
      </form>
      <PagedTable
        label={t(`authoring.${texts}.title`)}
        columns={columns}
        rows={list.data?.data}
        rowKey={(row) => row.id}
        loading={list.isPending}
        page={page}
        lastPage={list.data?.last_page ?? 1}
        onPage={(next) => setParam('page', String(next))}
        empty={query ? t('common.nothingFound') : t(`authoring.${texts}.empty`)}
      />
    </Stack>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { clampPage } from '../../../shared/api';
import { IconPlus } from '../../../shared/ui/icons';
import type { ToolbarItem } from '../../../shared/ui/page-heading';
import { PagedTable, type Column } from '../../../shared/ui/paged-table';
import { pageQuery } from '../api';
import type { InfrastructureCollection } from '../collections';

/** What the table pages with: the rows shown, the page and the way to another. */
export interface Paging<R> {
  rows: R[] | undefined;
  rowKey: (row: R) => string;
  loading: boolean;
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
}

/** The page of a collection that ?page asks for (25 a page), and the table's paging over it. */
export function usePagedRecords<R extends { id: string; name: string }, F>(
  spec: InfrastructureCollection<R, F>,
) {
  const [params, setParams] = useSearchParams();
  const requested = clampPage(Number(params.get('page') ?? '1'), Number.MAX_SAFE_INTEGER);
  const list = useQuery(pageQuery<R>(spec.collection, requested));
  const paging: Paging<R> = {
    rows: list.data?.data,
    rowKey: (row: R) => row.id,
    loading: list.isPending,
    page: list.data?.current_page ?? requested,
    lastPage: list.data?.last_page ?? 1,
    onPage: (next: number) => setParams({ page: String(next) }),
  };
  return { list, paging };
}

/** The list heading's one action: to the create page. */
export function useCreateAction({
  texts,
  path,
}: Pick<InfrastructureCollection<never, never>, 'texts' | 'path'>): ToolbarItem[] {
  const { t } = useTranslation();
  return [
    {
      key: 'create',
      label: t(`infrastructure.${texts}.create`),
      icon: <IconPlus size={18} />,
      to: `${path}/create`,
    },
  ];
}

/** The collection's table: the page's rows with their columns, pager and empty text. */
export function RecordsTable<R extends { id: string; name: string }>({
  texts,
  columns,
  paging,
}: {
  texts: InfrastructureCollection<R, never>['texts'];
  columns: Column<R>[];
  paging: Paging<R>;
}) {
  const { t } = useTranslation();
  return (
    <PagedTable
      label={t(`infrastructure.${texts}.title`)}
      columns={columns}
      {...paging}
      empty={t(`infrastructure.${texts}.empty`)}
    />
  );
}

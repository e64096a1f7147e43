import {
  ActionIcon,
  Anchor,
  Badge,
  Group,
  Paper,
  Skeleton,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useFormat } from '../../../shared/i18n';
import { confirmAction } from '../../../shared/ui/confirm-dialog';
import { IconEdit, IconPlayerPlay, IconPlus, IconTrash } from '../../../shared/ui/icons';
import { LOADING_ROWS } from '../../../shared/ui/paged-table';
import { PageHeading } from '../../../shared/ui/page-heading';
import { savedQueriesQuery, useDeleteSavedQuery, useUpdateSavedQuery } from '../api/saved-queries';
import type { SavedQuery } from '../api/types';
import { useConsoleDraft } from '../console-store';
import { useCurrentUser } from '../../../shared/session';
import { QueryNameModal } from './query-name-modal';

/** The school's saved queries (/an/queries): open in the console, rename, delete. */
export function QueriesPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const list = useQuery(savedQueriesQuery);
  const update = useUpdateSavedQuery();
  const remove = useDeleteSavedQuery();
  const [renaming, setRenaming] = useState<SavedQuery | null>(null);
  const { user } = useCurrentUser();
  // The school's analysts read each other's queries; only the author changes one (the access table's rule).
  const mine = (query: SavedQuery) => Boolean(user) && query.created_by === user?.id;

  const open = (query: SavedQuery) => {
    useConsoleDraft.getState().open(query);
    void navigate(`/an/console?query=${encodeURIComponent(query.id)}`);
  };
  const rename = (name: string) => {
    if (!renaming) return;
    update.mutate(
      { id: renaming.id, changes: { name } },
      {
        onSuccess: (query) => {
          setRenaming(null);
          if (useConsoleDraft.getState().opened?.id === query.id)
            useConsoleDraft.getState().rename(query.name);
          notifications.show({ color: 'green', message: t('analytics.queries.renamed') });
        },
      },
    );
  };
  const askDelete = async (query: SavedQuery) => {
    const confirmed = await confirmAction({
      title: t('analytics.queries.delete'),
      message: t('analytics.queries.confirmDelete', { name: query.name }),
      confirmLabel: t('analytics.queries.delete'),
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(query.id, {
      onSuccess: () =>
        notifications.show({ color: 'green', message: t('analytics.queries.deleted', { name: query.name }) }),
    });
  };

  return (
    <>
      <PageHeading
        title={t('analytics.queries.title')}
        description={t('analytics.queries.description')}
        toolbar={[
          {
            key: 'console',
            label: t('analytics.console.title'),
            icon: <IconPlus size={18} />,
            to: '/an/console',
          },
        ]}
      />
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={320}>
          <Table
            verticalSpacing="sm"
            highlightOnHover
            aria-label={t('analytics.queries.title')}
            aria-busy={list.isPending}
            data-testid="saved-queries"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('analytics.queries.name')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('analytics.queries.chart')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('analytics.queries.updated')}</Table.Th>
                <Table.Th w={1}>
                  <VisuallyHidden>{t('analytics.queries.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending
                ? Array.from({ length: LOADING_ROWS }, (_, index) => (
                    <Table.Tr key={index} data-testid="loading-row">
                      {[0, 1, 2, 3].map((cell) => (
                        <Table.Td key={cell}>
                          <Skeleton height={14} radius="sm" />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : list.data?.map((query) => (
                    <Table.Tr key={query.id} data-testid="saved-query-row">
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={`/an/console?query=${encodeURIComponent(query.id)}`}
                          onClick={() => useConsoleDraft.getState().open(query)}
                          fw={500}
                        >
                          {query.name}
                        </Anchor>
                        <Text size="xs" c="dimmed" ff="monospace" lineClamp={1} maw={480}>
                          {query.sql}
                        </Text>
                      </Table.Td>
                      <Table.Td visibleFrom="sm">
                        <Badge variant="light">
                          {t(`analytics.chart.types.${query.chart?.type ?? 'table'}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td visibleFrom="sm">{format.dateTime(query.updated_at)}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Tooltip label={t('analytics.queries.open')}>
                            <ActionIcon
                              variant="subtle"
                              aria-label={`${t('analytics.queries.open')}: ${query.name}`}
                              onClick={() => open(query)}
                            >
                              <IconPlayerPlay size={18} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t('analytics.queries.rename')}>
                            <ActionIcon
                              variant="subtle"
                              aria-label={`${t('analytics.queries.rename')}: ${query.name}`}
                              disabled={!mine(query)}
                              onClick={() => {
                                update.reset();
                                setRenaming(query);
                              }}
                            >
                              <IconEdit size={18} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t('analytics.queries.delete')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`${t('analytics.queries.delete')}: ${query.name}`}
                              disabled={!mine(query)}
                              onClick={() => void askDelete(query)}
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {list.isError ? (
          <Text c="red" ta="center" py="lg" data-testid="saved-queries-error">
            {list.error.message}
          </Text>
        ) : !list.isPending && list.data?.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg" data-testid="records-empty">
            {t('analytics.queries.empty')}
          </Text>
        ) : null}
      </Paper>
      <QueryNameModal
        opened={renaming !== null}
        title={t('analytics.queries.renameTitle')}
        initialName={renaming?.name ?? ''}
        submitLabel={t('analytics.queries.rename')}
        pending={update.isPending}
        error={update.error}
        onSubmit={rename}
        onClose={() => setRenaming(null)}
      />
    </>
  );
}

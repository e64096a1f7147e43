import {
  Anchor,
  Box,
  Breadcrumbs,
  Button,
  Grid,
  Group,
  Paper,
  Pagination,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { clampPage } from '../../../shared/api';
import { currentLocale, useFormat } from '../../../shared/i18n';
import { confirmAction } from '../../../shared/ui/confirm-dialog';
import { IconArrowLeft, IconPlus, IconSearch } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import { LOADING_ROWS } from '../../../shared/ui/paged-table';
import { notifySuccess } from '../../../shared/toasts/notify';
import { folderChainQuery, mediaApi, mediaKeys, mediaListQuery, mediaOverviewQuery } from '../api';
import {
  canPasteInto,
  isConverting,
  isFolder,
  MEDIA_TYPES,
  parentForPaste,
  sizeInKb,
  sortItems,
  trailFrom,
  type MediaItem,
} from '../model';
import { ItemRow, ItemTile, NameEditor, type ItemHandlers } from './media-items';
import { MediaPreview } from './media-preview';
import { UploadModal } from './upload-modal';

/** 001 §9: a search or type filter is sent after a 500 ms pause. */
const FILTER_DEBOUNCE_MS = 500;
/** While a video converts, the folder is read again this often to show its progress and then play it. */
const CONVERTING_REFRESH_MS = 2_000;

type View = 'tile' | 'list';

/**
 * The media library (001 §5), the teacher's /t/media and the student's /s/media: one folder at a time
 * (`?folder=`), breadcrumbs from the root, upload with progress, create folder, open, cut and paste,
 * rename, remove, tile or list view, search and type filter, and the selected file's preview.
 */
export function MediaLibraryPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const folder = params.get('folder');
  const page = clampPage(Number(params.get('page') ?? '1'), Number.MAX_SAFE_INTEGER);
  const [view, setView] = useState<View>('tile');
  const [search, setSearch] = useState('');
  const [type, setType] = useState<string | null>(null);
  const [query] = useDebouncedValue(search.trim(), FILTER_DEBOUNCE_MS);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [cut, setCut] = useState<MediaItem | null>(null);
  const [uploading, setUploading] = useState(false);

  const list = useQuery({
    ...mediaListQuery({ folder, page, query, type }),
    refetchInterval: (q) => (q.state.data?.data.some(isConverting) ? CONVERTING_REFRESH_MS : false),
  });
  const chain = useQuery(folderChainQuery(folder));
  const overview = useQuery(mediaOverviewQuery);
  const trail = trailFrom(chain.data ?? []);
  const items = list.data ? sortItems(list.data.data, currentLocale()) : undefined;
  const selected = items?.find((i) => i.id === selectedId) ?? null;
  const folderName = trail.at(-1)?.name ?? t('media.root');

  const goTo = (id: string | null) => {
    setSelectedId(null);
    setEditing(null);
    setCreating(false);
    setParams(id ? { folder: id } : {});
  };
  const refresh = () => void queryClient.invalidateQueries({ queryKey: mediaKeys.all });
  const done = (message: string) => {
    notifySuccess(message);
    refresh();
  };

  const createFolder = useMutation({
    mutationFn: (name: string) => mediaApi.createFolder(name, folder),
    onSuccess: () => done(t('media.folderCreated')),
    onSettled: () => setCreating(false),
  });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => mediaApi.rename(id, name),
    onSuccess: () => done(t('media.renamed')),
    onSettled: () => setEditing(null),
  });
  const move = useMutation({
    mutationFn: (item: MediaItem) => mediaApi.move(item.id, parentForPaste(folder)),
    onSuccess: () => {
      setCut(null);
      done(t('media.moved'));
    },
  });
  const remove = useMutation({
    mutationFn: (item: MediaItem) => mediaApi.remove(item.id),
    onSuccess: (_answer, item) => {
      if (item.id === selectedId) setSelectedId(null);
      if (item.id === cut?.id) setCut(null);
      done(t('media.removed'));
    },
  });

  const handlers: ItemHandlers = {
    select: (item) => setSelectedId(isFolder(item) ? null : item.id),
    open: (item) => {
      if (isFolder(item)) goTo(item.id);
      else if (item.src) window.open(item.src, '_blank', 'noopener');
      else setSelectedId(item.id);
    },
    cut: (item) => {
      setCut(item);
      notifySuccess(t('media.cutMarked', { name: item.name }));
    },
    rename: (item) => setEditing(item.id),
    remove: (item) =>
      void confirmAction({
        title: t('media.actions.remove'),
        message: t(isFolder(item) ? 'media.removeFolderConfirm' : 'media.removeConfirm', { name: item.name }),
        danger: true,
      }).then((ok) => ok && remove.mutate(item)),
  };

  const itemProps = (item: MediaItem) => ({
    item,
    selected: item.id === selectedId,
    cut: item.id === cut?.id,
    editing: item.id === editing,
    handlers,
    onRenamed: (name: string) => rename.mutate({ id: item.id, name }),
    onEditCancel: () => setEditing(null),
  });
  const newFolder = creating ? (
    <Paper withBorder radius="md" p="xs" data-testid="media-new-folder">
      <NameEditor
        initial=""
        onSave={(name) => createFolder.mutate(name)}
        onCancel={() => setCreating(false)}
      />
    </Paper>
  ) : null;

  const size = overview.data ? sizeInKb(overview.data.size) : null;
  return (
    <Stack gap="md">
      <PageHeading
        title={t('media.title')}
        description={
          overview.data && size !== null
            ? `${t('media.total', { count: overview.data.count })} · ${t('media.sizeKb', { size: format.number(size) })}`
            : t('media.description')
        }
      />
      <Group justify="space-between" gap="xs" role="toolbar" aria-label={t('media.title')}>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            disabled={folder === null}
            onClick={() => goTo(trail.at(-2)?.id ?? null)}
          >
            {t('media.back')}
          </Button>
          <Button onClick={() => setUploading(true)} data-testid="media-upload">
            {t('media.upload')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setCreating(true)}
            disabled={creating}
          >
            {t('media.createFolder')}
          </Button>
          {canPasteInto(cut, folder) && cut ? (
            <Button variant="light" color="teal" onClick={() => move.mutate(cut)} loading={move.isPending}>
              {t('media.pasteHere', { name: cut.name })}
            </Button>
          ) : null}
        </Group>
        <SegmentedControl
          aria-label={t('media.view')}
          value={view}
          onChange={(value) => setView(value as View)}
          data={[
            { value: 'tile', label: t('media.tileView') },
            { value: 'list', label: t('media.listView') },
          ]}
        />
      </Group>
      <Box component="nav" aria-label={t('media.breadcrumbs')}>
        <Breadcrumbs separatorMargin={6}>
          <Anchor component="button" type="button" onClick={() => goTo(null)} size="sm">
            {t('media.root')}
          </Anchor>
          {trail.map((crumb, index) =>
            index === trail.length - 1 ? (
              <Text key={crumb.id} size="sm" fw={500} aria-current="page" data-testid="media-current-folder">
                {crumb.name}
              </Text>
            ) : (
              <Anchor
                key={crumb.id}
                component="button"
                type="button"
                onClick={() => goTo(crumb.id)}
                size="sm"
              >
                {crumb.name}
              </Anchor>
            ),
          )}
        </Breadcrumbs>
      </Box>
      <Group gap="xs" grow preventGrowOverflow={false}>
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('media.search')}
          aria-label={t('media.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '2 1 220px' }}
        />
        <Select
          aria-label={t('media.typeFilter')}
          placeholder={t('media.allTypes')}
          clearable
          data={MEDIA_TYPES.map((v) => ({ value: v, label: t(`media.types.${v}`) }))}
          value={type}
          onChange={setType}
          style={{ flex: '1 1 160px' }}
        />
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="sm" aria-busy={list.isPending} data-testid="media-items">
            {items === undefined ? (
              <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
                {Array.from({ length: LOADING_ROWS }, (_, i) => (
                  <Skeleton
                    key={i}
                    height={view === 'tile' ? 150 : 36}
                    radius="md"
                    data-testid="loading-row"
                  />
                ))}
              </SimpleGrid>
            ) : items.length === 0 && !creating ? (
              <Paper withBorder radius="md" p="xl" ta="center" data-testid="media-empty">
                <Stack gap="xs" align="center">
                  <Text fw={500}>{t('media.empty')}</Text>
                  <Text size="sm" c="dimmed">
                    {t('media.emptyHint')}
                  </Text>
                  <Button onClick={() => setUploading(true)}>{t('media.upload')}</Button>
                </Stack>
              </Paper>
            ) : view === 'tile' ? (
              <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
                {newFolder}
                {items.map((item) => (
                  <ItemTile key={item.id} {...itemProps(item)} />
                ))}
              </SimpleGrid>
            ) : (
              <Stack gap={4}>
                {newFolder}
                {items.map((item) => (
                  <ItemRow key={item.id} {...itemProps(item)} />
                ))}
              </Stack>
            )}
            {list.data && list.data.last_page > 1 ? (
              <Group justify="center">
                <Pagination
                  total={list.data.last_page}
                  value={list.data.current_page}
                  siblings={1}
                  boundaries={1}
                  onChange={(next) =>
                    next >= 1 &&
                    next <= (list.data?.last_page ?? 1) &&
                    setParams({ ...(folder ? { folder } : {}), page: String(next) })
                  }
                />
              </Group>
            ) : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <MediaPreview item={selected} />
        </Grid.Col>
      </Grid>
      <UploadModal
        opened={uploading}
        folderId={folder}
        folderName={folderName}
        onClose={() => setUploading(false)}
      />
    </Stack>
  );
}

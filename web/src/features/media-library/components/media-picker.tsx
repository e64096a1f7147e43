import {
  Anchor,
  Breadcrumbs,
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  Pagination,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../../../shared/api';
import { IconSearch } from '../../../shared/ui/icons';
import { folderChainQuery, mediaKeys, mediaListQuery } from '../api';
import { trailFrom, uploadPercent, type MediaItem } from '../model';
import {
  acceptFor,
  isPickable,
  kindChoices,
  pickerFiles,
  toPicked,
  typeParam,
  type PickableKind,
  type PickedMedia,
} from '../picker-model';
import { uploadMedia } from '../upload';
import { MediaGlyph } from './media-glyph';

/** Spec 001 §5: "a modal picker with a Select button"; the search waits as the library's does. */
const SEARCH_DEBOUNCE_MS = 500;

/**
 * The media library as a picker: any screen opens it to choose one of the user's files, going through
 * folders, searching, filtering by kind, or uploading a new file in place (which is then chosen). Answers
 * the file's id and its current URL through `onSelect`.
 */
export function MediaPicker({
  opened,
  onClose,
  onSelect,
  kinds,
  title,
}: {
  opened: boolean;
  onClose: () => void;
  onSelect: (media: PickedMedia) => void;
  kinds: readonly PickableKind[];
  title?: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} size="xl" title={title ?? t('media.picker.title')}>
      {/* Mounted only while open: every opening starts at the root with nothing chosen. */}
      {opened ? <PickerBody kinds={kinds} onClose={onClose} onSelect={onSelect} /> : null}
    </Modal>
  );
}

function PickerBody({
  kinds,
  onClose,
  onSelect,
}: {
  kinds: readonly PickableKind[];
  onClose: () => void;
  onSelect: (media: PickedMedia) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const choices = kindChoices(kinds);
  const [folder, setFolder] = useState<string | null>(null);
  const [kind, setKind] = useState<'all' | PickableKind>(choices[0]!);
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<MediaItem | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const folders = useQuery(mediaListQuery({ folder, page: 1, query: '', type: 'folder' }));
  const files = useQuery(mediaListQuery({ folder, page, query, type: typeParam(kind) }));
  const trail = useQuery(folderChainQuery(folder));
  const shown = pickerFiles(files.data?.data ?? [], kind === 'all' ? kinds : [kind]);
  const open = (id: string | null) => {
    setFolder(id);
    setPage(1);
    setChosen(null);
  };
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(0);
    try {
      const item = await uploadMedia(file, folder, (loaded, total) =>
        setUploading(uploadPercent(loaded, total)),
      );
      await queryClient.invalidateQueries({ queryKey: mediaKeys.all });
      if (isPickable(item, kinds)) setChosen(item);
    } catch (error) {
      showErrorToast(error);
    } finally {
      setUploading(null);
    }
  };
  return (
    <Stack gap="sm" data-testid="media-picker">
      <Breadcrumbs aria-label={t('media.breadcrumbs')}>
        <Anchor component="button" type="button" onClick={() => open(null)}>
          {t('media.root')}
        </Anchor>
        {trailFrom(trail.data ?? []).map((crumb) => (
          <Anchor key={crumb.id} component="button" type="button" onClick={() => open(crumb.id)}>
            {crumb.name}
          </Anchor>
        ))}
      </Breadcrumbs>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 200px' }}
          label={t('media.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        {choices.length > 1 ? (
          <SegmentedControl
            aria-label={t('media.typeFilter')}
            data={choices.map((value) => ({
              value,
              label: value === 'all' ? t('media.allTypes') : t(`media.types.${value}`),
            }))}
            value={kind}
            onChange={(value) => {
              setKind(value as 'all' | PickableKind);
              setPage(1);
            }}
          />
        ) : null}
        <FileButton onChange={(file) => void upload(file)} accept={acceptFor(kinds)}>
          {(props) => (
            <Button {...props} variant="light" loading={uploading !== null} data-testid="picker-upload">
              {t('media.picker.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      {uploading !== null ? (
        <Progress
          value={uploading}
          aria-label={t('media.picker.uploading', { percent: uploading })}
          data-testid="picker-progress"
        />
      ) : null}
      {(folders.data?.data ?? []).length > 0 ? (
        <Group gap="xs">
          {folders.data!.data.map((f) => (
            <Button
              key={f.id}
              variant="default"
              size="xs"
              leftSection={<MediaGlyph type="folder" size={16} />}
              onClick={() => open(f.id)}
            >
              {f.name}
            </Button>
          ))}
        </Group>
      ) : null}
      {files.isPending ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={120} radius="md" />
          ))}
        </SimpleGrid>
      ) : shown.length === 0 ? (
        <Text c="dimmed" size="sm" py="md" ta="center">
          {t('media.picker.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }} role="listbox" aria-label={t('media.picker.files')}>
          {shown.map((item) => (
            <PickerTile
              key={item.id}
              item={item}
              selected={chosen?.id === item.id}
              disabled={!isPickable(item, kinds)}
              onChoose={() => setChosen(item)}
              onConfirm={() => onSelect(toPicked(item))}
            />
          ))}
        </SimpleGrid>
      )}
      {(files.data?.last_page ?? 1) > 1 ? (
        <Pagination total={files.data!.last_page} value={page} onChange={setPage} size="sm" />
      ) : null}
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" data-testid="picker-chosen">
          {chosen ? t('media.picker.chosen', { name: chosen.name }) : t('media.picker.nothingChosen')}
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={!chosen}
            onClick={() => chosen && onSelect(toPicked(chosen))}
            data-testid="picker-select"
          >
            {t('media.picker.select')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

function PickerTile({
  item,
  selected,
  disabled,
  onChoose,
  onConfirm,
}: {
  item: MediaItem;
  selected: boolean;
  disabled: boolean;
  onChoose: () => void;
  onConfirm: () => void;
}) {
  const thumb = item.type === 'image' ? item.src : item.preview_src;
  return (
    <UnstyledButton
      role="option"
      aria-selected={selected}
      aria-disabled={disabled}
      disabled={disabled}
      onClick={onChoose}
      onDoubleClick={() => !disabled && onConfirm()}
      data-testid="picker-item"
      style={{
        border: `2px solid ${selected ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-gray-3)'}`,
        borderRadius: 8,
        padding: 6,
        opacity: disabled ? 0.5 : 1,
      }}
    >
      {thumb ? (
        <Image src={thumb} alt="" h={90} fit="cover" radius="sm" />
      ) : (
        <Group h={90} justify="center">
          <MediaGlyph type={item.type} />
        </Group>
      )}
      <Text size="xs" mt={4} lineClamp={1} title={item.name}>
        {item.name}
      </Text>
    </UnstyledButton>
  );
}

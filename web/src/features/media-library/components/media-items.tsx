import { ActionIcon, Badge, Box, Group, Image, Menu, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/i18n';
import { isConverting, isFolder, sizeInKb, type MediaItem, type MediaType } from '../model';
import { MediaGlyph } from './media-glyph';

/** What the page does with an item; the item views only report the user's intent. */
export interface ItemHandlers {
  select: (item: MediaItem) => void;
  open: (item: MediaItem) => void;
  cut: (item: MediaItem) => void;
  rename: (item: MediaItem) => void;
  remove: (item: MediaItem) => void;
}

/** 001 §5: a single click selects after 300 ms, so that a double-click (open) does not select first. */
const SELECT_DELAY_MS = 300;

function useClicks(item: MediaItem, handlers: ItemHandlers) {
  const timer = useRef<number | undefined>(undefined);
  return {
    onClick: () => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => handlers.select(item), SELECT_DELAY_MS);
    },
    onDoubleClick: () => {
      window.clearTimeout(timer.current);
      handlers.open(item);
    },
  };
}

/**
 * The name being entered for a new or renamed item (001 §5): Enter or leaving the field saves, Esc
 * cancels (a new folder is then dropped).
 */
export function NameEditor({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const done = useRef(false);
  const finish = (save: boolean) => {
    if (done.current) return;
    done.current = true;
    // An empty or unchanged name saves nothing: the same as Esc.
    if (save && name.trim() && name.trim() !== initial) onSave(name.trim());
    else onCancel();
  };
  return (
    <TextInput
      size="xs"
      autoFocus
      aria-label={t('media.name')}
      description={t('media.nameHint')}
      value={name}
      onFocus={(e) => e.currentTarget.select()}
      onChange={(e) => setName(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          finish(true);
        } else if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          finish(false);
        }
      }}
      onBlur={() => finish(true)}
      onClick={(e) => e.stopPropagation()}
      onDoubleClick={(e) => e.stopPropagation()}
      data-testid="media-name-input"
    />
  );
}

function ItemMenu({
  item,
  handlers,
  opened,
  onChange,
}: {
  item: MediaItem;
  handlers: ItemHandlers;
  opened: boolean;
  onChange: (opened: boolean) => void;
}) {
  const { t } = useTranslation();
  const stop = (e: MouseEvent) => e.stopPropagation();
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={t('media.actions.menu', { name: item.name })}
          onClick={stop}
          onDoubleClick={stop}
        >
          ⋯
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={stop}>
        <Menu.Item onClick={() => handlers.open(item)}>{t('media.actions.open')}</Menu.Item>
        <Menu.Item onClick={() => handlers.cut(item)}>{t('media.actions.cut')}</Menu.Item>
        <Menu.Item onClick={() => handlers.rename(item)}>{t('media.actions.rename')}</Menu.Item>
        <Menu.Item color="red" onClick={() => handlers.remove(item)}>
          {t('media.actions.remove')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function StatusBadge({ item }: { item: MediaItem }) {
  const { t } = useTranslation();
  if (item.type !== 'video' || item.status === 'ready') return null;
  if (item.status === 'failure')
    return (
      <Badge color="red" size="xs" variant="light">
        {t('media.status.failure')}
      </Badge>
    );
  return (
    <Badge color="blue" size="xs" variant="light" data-testid="media-converting-badge">
      {isConverting(item) && item.progress
        ? `${Math.round(item.progress)} %`
        : t(`media.status.${item.status ?? 'undefined'}`)}
    </Badge>
  );
}

function Thumb({ item, size }: { item: MediaItem; size: number }) {
  const src = item.type === 'image' ? item.src : item.type === 'video' ? item.preview_src : null;
  if (src) return <Image src={src} alt="" h={size} w="100%" fit="cover" radius="sm" />;
  return (
    <Box h={size} style={{ display: 'grid', placeItems: 'center' }}>
      <MediaGlyph type={item.type as MediaType} size={Math.min(56, size)} />
    </Box>
  );
}

interface ItemViewProps {
  item: MediaItem;
  selected: boolean;
  cut: boolean;
  editing: boolean;
  handlers: ItemHandlers;
  onRenamed: (name: string) => void;
  onEditCancel: () => void;
}

/** An item as a tile (the default view). Right-click opens its menu (001 §5's context menu). */
export function ItemTile({ item, selected, cut, editing, handlers, onRenamed, onEditCancel }: ItemViewProps) {
  const clicks = useClicks(item, handlers);
  const [menu, setMenu] = useState(false);
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      {...clicks}
      onContextMenu={(e) => {
        e.preventDefault();
        setMenu(true);
      }}
      aria-selected={selected}
      data-testid="media-item"
      data-name={item.name}
      data-type={item.type}
      style={{
        cursor: 'pointer',
        opacity: cut ? 0.5 : 1,
        outline: selected ? '2px solid var(--mantine-color-blue-6)' : undefined,
      }}
    >
      <Stack gap={6}>
        <Thumb item={item} size={96} />
        {editing ? (
          <NameEditor initial={item.name} onSave={onRenamed} onCancel={onEditCancel} />
        ) : (
          <Group gap={4} wrap="nowrap" justify="space-between">
            <Text size="sm" fw={500} truncate title={item.name} data-testid="media-item-name">
              {item.name}
            </Text>
            <ItemMenu item={item} handlers={handlers} opened={menu} onChange={setMenu} />
          </Group>
        )}
        <StatusBadge item={item} />
      </Stack>
    </Paper>
  );
}

/** An item as a row of the list view: name, type, size, date. */
export function ItemRow({ item, selected, cut, editing, handlers, onRenamed, onEditCancel }: ItemViewProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const clicks = useClicks(item, handlers);
  const [menu, setMenu] = useState(false);
  const kb = sizeInKb(item.file_size);
  return (
    <Paper
      withBorder
      radius="sm"
      px="sm"
      py={6}
      {...clicks}
      onContextMenu={(e) => {
        e.preventDefault();
        setMenu(true);
      }}
      aria-selected={selected}
      data-testid="media-item"
      data-name={item.name}
      data-type={item.type}
      style={{
        cursor: 'pointer',
        opacity: cut ? 0.5 : 1,
        outline: selected ? '2px solid var(--mantine-color-blue-6)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap">
        <MediaGlyph type={item.type as MediaType} size={24} />
        <Box style={{ flex: 1, minWidth: 0 }}>
          {editing ? (
            <NameEditor initial={item.name} onSave={onRenamed} onCancel={onEditCancel} />
          ) : (
            <Text size="sm" fw={500} truncate title={item.name} data-testid="media-item-name">
              {item.name}
            </Text>
          )}
        </Box>
        <StatusBadge item={item} />
        <Text size="xs" c="dimmed" visibleFrom="sm" w={90}>
          {t(`media.types.${item.type}`)}
        </Text>
        <Text size="xs" c="dimmed" visibleFrom="sm" w={80} ta="right">
          {isFolder(item) || kb === null
            ? ''
            : t('media.sizeKb', { size: format.number(kb, kb < 10 ? 1 : 0) })}
        </Text>
        <Text size="xs" c="dimmed" visibleFrom="md" w={140}>
          {format.dateTime(item.created_at)}
        </Text>
        <ItemMenu item={item} handlers={handlers} opened={menu} onChange={setMenu} />
      </Group>
    </Paper>
  );
}

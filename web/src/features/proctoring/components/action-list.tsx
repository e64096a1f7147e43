import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { clockTime, formatClock } from '../model/duration';
import type { ProctoringAction } from '../model/types';
import { proctoringActionKind } from '../model/vocabulary';
import { VirtualList } from './virtual-list';

const ROW_HEIGHT = 32;
const KIND_COLORS = { violation: 'red', warning: 'orange', proctor: 'blue', lifecycle: 'gray' } as const;

/** Every action of the attempt, oldest first, virtualised: time, type, source, the pause before it. */
export function ActionList({
  actions,
  onPick,
  current,
}: {
  actions: ProctoringAction[];
  onPick: (action: ProctoringAction) => void;
  /** The row the player is at, kept in view. */
  current: number | null;
}) {
  const { t } = useTranslation();
  if (actions.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="action-list" data-count={0}>
        {t('proctoring.actions.empty')}
      </Text>
    );
  }
  return (
    <VirtualList
      count={actions.length}
      rowHeight={ROW_HEIGHT}
      height={ROW_HEIGHT * 10}
      label={t('proctoring.actions.title')}
      testId="action-list"
      scrollTo={current}
      renderRow={(index) => {
        const action = actions[index]!;
        const kind = proctoringActionKind(action.action_type) ?? 'lifecycle';
        return (
          <Group
            gap="sm"
            wrap="nowrap"
            h={ROW_HEIGHT}
            px="xs"
            onClick={() => onPick(action)}
            data-testid="action-row"
            data-type={action.action_type}
            data-condition={action.condition_id ?? undefined}
            data-duration={action.condition_id ? (action.duration ?? 0) : undefined}
            style={{
              cursor: 'pointer',
              background: index === current ? 'var(--mantine-color-blue-0)' : undefined,
              borderBottom: '1px solid var(--mantine-color-gray-2)',
            }}
          >
            <Text size="sm" ff="monospace" w={70}>
              {clockTime(action.created_at)}
            </Text>
            <Badge size="xs" variant="dot" color={KIND_COLORS[kind]} w={200} style={{ flexShrink: 0 }}>
              {t(`proctoring.types.${action.action_type}` as 'proctoring.types.noise', action.action_type)}
            </Badge>
            <Text size="xs" c="dimmed" w={120} visibleFrom="sm">
              {t(`proctoring.sources.${action.source}`)}
            </Text>
            <Text size="xs" ff="monospace" c="dimmed" w={70} title={t('proctoring.actions.diff')}>
              {action.diff === null || action.diff === undefined ? '' : `+${formatClock(action.diff)}`}
            </Text>
            <Text size="xs" truncate style={{ flex: 1, minWidth: 0 }}>
              {action.condition_id
                ? `${t(action.ended_at ? 'proctoring.actions.lasted' : 'proctoring.actions.lasting', {
                    duration: formatClock(action.duration ?? 0),
                  })}${action.description ? ` · ${action.description}` : ''}`
                : (action.description ?? '')}
            </Text>
          </Group>
        );
      }}
    />
  );
}

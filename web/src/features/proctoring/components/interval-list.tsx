import { Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { clockTime } from '../model/duration';
import type { TimelineInterval } from '../model/types';
import { VirtualList } from './virtual-list';

const ROW_HEIGHT = 40;
const CLASS_COLORS = { seconds: 'gray', minutes: 'orange', hours: 'red' } as const;
const REVIEW_COLORS = { confirmed: 'red', dismissed: 'teal' } as const;

/**
 * One kind's intervals (violations, or warnings apart), virtualised: start, end, duration HH:mm:ss with
 * its class, who saw it, the review. A row is a button: it selects the interval and seeks the player.
 */
export function IntervalList({
  intervals,
  label,
  selectedKey,
  onSelect,
  testId,
}: {
  intervals: TimelineInterval[];
  label: string;
  selectedKey: string | null;
  onSelect: (interval: TimelineInterval) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  if (intervals.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid={testId} data-count={0}>
        {t('proctoring.timeline.empty')}
      </Text>
    );
  }
  return (
    <VirtualList
      count={intervals.length}
      rowHeight={ROW_HEIGHT}
      height={ROW_HEIGHT * 6}
      label={label}
      testId={testId}
      renderRow={(index) => {
        const interval = intervals[index]!;
        const selected = interval.key === selectedKey;
        return (
          <UnstyledButton
            onClick={() => onSelect(interval)}
            aria-pressed={selected}
            data-testid="interval-row"
            data-key={interval.key}
            data-type={interval.type}
            data-duration={interval.duration_text}
            data-class={interval.duration_class}
            title={t('proctoring.timeline.signals', { count: interval.signals })}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              width: '100%',
              height: ROW_HEIGHT - 2,
              padding: '0 8px',
              borderRadius: 4,
              background: selected ? 'var(--mantine-color-blue-0)' : undefined,
              borderLeft: `3px solid var(--mantine-color-${interval.kind === 'violation' ? 'red' : 'orange'}-5)`,
            }}
          >
            <Text size="sm" fw={500} style={{ flex: '1 1 0', minWidth: 0 }} truncate>
              {t(`proctoring.types.${interval.type}` as 'proctoring.types.noise', interval.type)}
            </Text>
            <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {clockTime(interval.start)}–{clockTime(interval.end)}
            </Text>
            <Text size="sm" ff="monospace" fw={600} style={{ flexShrink: 0 }} data-testid="interval-duration">
              {interval.duration_text}
            </Text>
            <Badge
              size="sm"
              variant="light"
              color={CLASS_COLORS[interval.duration_class]}
              style={{ flexShrink: 0 }}
            >
              {t(`proctoring.classes.${interval.duration_class}`)}
            </Badge>
            <Group gap={4} wrap="nowrap" visibleFrom="md" style={{ flexShrink: 0 }}>
              {interval.sources.map((source) => (
                <Badge key={source} size="xs" variant="outline" color="gray">
                  {t(`proctoring.sources.${source}`)}
                </Badge>
              ))}
            </Group>
            <Badge
              size="sm"
              style={{ flexShrink: 0 }}
              variant={interval.review ? 'filled' : 'default'}
              color={interval.review ? REVIEW_COLORS[interval.review.decision] : 'gray'}
              data-testid="interval-review"
            >
              {interval.review
                ? t(`proctoring.review.${interval.review.decision}`)
                : t('proctoring.review.none')}
            </Badge>
          </UnstyledButton>
        );
      }}
    />
  );
}

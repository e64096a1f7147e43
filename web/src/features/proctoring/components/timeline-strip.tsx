import { Box, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { clockTime } from '../model/duration';
import { fractionOf } from '../model/seek';
import { stripCells } from '../model/strip';
import type { TimelineInterval } from '../model/types';
import { usePlayerStore } from '../stores/player-store';

const COLUMNS = 240;

/**
 * The attempt at a glance: violations (red) and warnings (orange) over the exam's span, the recording's
 * playing position as a line. Clicking a place asks the player to go there.
 */
export function TimelineStrip({
  intervals,
  span,
  onPick,
}: {
  intervals: TimelineInterval[];
  span: { from: number; to: number };
  onPick: (instant: number) => void;
}) {
  const { t } = useTranslation();
  const instant = usePlayerStore((s) => s.instant);
  const cells = stripCells(intervals, span, COLUMNS);
  const playing = instant === null ? null : fractionOf(instant, span);
  return (
    <Box>
      <Box
        role="img"
        aria-label={t('proctoring.timeline.strip')}
        data-testid="timeline-strip"
        onClick={(event) => {
          const box = event.currentTarget.getBoundingClientRect();
          const fraction = (event.clientX - box.left) / box.width;
          onPick(span.from + fraction * (span.to - span.from));
        }}
        style={{
          position: 'relative',
          height: 28,
          cursor: 'pointer',
          display: 'flex',
          borderRadius: 4,
          overflow: 'hidden',
          background: 'var(--mantine-color-gray-1)',
        }}
      >
        {cells.map((cell, index) => (
          <div
            key={index}
            style={{
              flex: 1,
              background: cell.violation
                ? 'var(--mantine-color-red-6)'
                : cell.warning
                  ? 'var(--mantine-color-orange-4)'
                  : undefined,
            }}
          />
        ))}
        {playing !== null ? (
          <Tooltip label={clockTime(instant!)}>
            <div
              data-testid="timeline-playhead"
              aria-label={t('proctoring.timeline.position')}
              data-fraction={playing.toFixed(4)}
              style={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                left: `calc(${(playing * 100).toFixed(3)}% - 1px)`,
                width: 2,
                background: 'var(--mantine-color-blue-7)',
              }}
            />
          </Tooltip>
        ) : null}
      </Box>
      <Box style={{ display: 'flex', justifyContent: 'space-between' }} fz="xs" c="dimmed">
        <span>{clockTime(span.from)}</span>
        <span>{clockTime(span.to)}</span>
      </Box>
    </Box>
  );
}

import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { windowRange } from '../model/windowing';

/**
 * A fixed-row-height list that draws only the rows in view (plus a few each side): 10,000 actions cost
 * what 30 do. Rows are positioned inside a spacer as tall as the whole list, so the scrollbar, keyboard
 * scrolling and find-in-page over drawn rows behave as in a plain list.
 */
export function VirtualList({
  count,
  rowHeight,
  height,
  renderRow,
  label,
  testId,
  scrollTo,
}: {
  count: number;
  rowHeight: number;
  /** The viewport's height in px (shrinks to the content when it is shorter). */
  height: number;
  renderRow: (index: number) => ReactNode;
  label: string;
  testId?: string;
  /** A row to bring into view (e.g. the one the player is at). */
  scrollTo?: number | null;
}) {
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const shown = Math.min(height, count * rowHeight);
  const range = windowRange(count, rowHeight, scrollTop, height);

  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element || scrollTo === null || scrollTo === undefined) return;
    const top = scrollTo * rowHeight;
    if (top < element.scrollTop || top + rowHeight > element.scrollTop + element.clientHeight) {
      element.scrollTop = Math.max(0, top - element.clientHeight / 2);
    }
  }, [scrollTo, rowHeight]);

  const rows: ReactNode[] = [];
  for (let index = range.start; index < range.end; index += 1) {
    rows.push(
      <div
        key={index}
        role="listitem"
        aria-setsize={count}
        aria-posinset={index + 1}
        style={{ position: 'absolute', top: index * rowHeight, left: 0, right: 0, height: rowHeight }}
      >
        {renderRow(index)}
      </div>,
    );
  }

  return (
    <div
      ref={viewport}
      role="list"
      aria-label={label}
      data-testid={testId}
      data-count={count}
      tabIndex={0}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      style={{ height: shown, overflowY: 'auto', position: 'relative', contain: 'strict' }}
    >
      <div style={{ height: range.totalHeight, position: 'relative' }}>{rows}</div>
    </div>
  );
}

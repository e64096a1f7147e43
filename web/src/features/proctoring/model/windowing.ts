/** Which rows of a fixed-height list are drawn, given where it is scrolled. */
export interface WindowRange {
  /** First drawn row (inclusive). */
  start: number;
  /** One past the last drawn row. */
  end: number;
  /** Space above the first drawn row, in px, so the scrollbar stays true. */
  offsetTop: number;
  /** The whole list's height, in px. */
  totalHeight: number;
}

/**
 * The rows visible in a viewport of `viewportHeight` px scrolled to `scrollTop`, plus `overscan` rows
 * each side so a fast scroll does not show blanks before the next frame. Rows are `rowHeight` px.
 */
export function windowRange(
  count: number,
  rowHeight: number,
  scrollTop: number,
  viewportHeight: number,
  overscan = 6,
): WindowRange {
  const totalHeight = count * rowHeight;
  if (count === 0 || rowHeight <= 0) return { start: 0, end: 0, offsetTop: 0, totalHeight: 0 };
  const top = Math.min(Math.max(0, scrollTop), Math.max(0, totalHeight - viewportHeight));
  const first = Math.floor(top / rowHeight);
  const visible = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, first + visible + overscan);
  return { start, end, offsetTop: start * rowHeight, totalHeight };
}

/** The scrollTop that brings row `index` into view, moving as little as possible. */
export function scrollToShow(
  index: number,
  rowHeight: number,
  scrollTop: number,
  viewportHeight: number,
): number {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewportHeight) return top + rowHeight - viewportHeight;
  return scrollTop;
}

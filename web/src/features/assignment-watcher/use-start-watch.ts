import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { crossedMilestone, hasStarted, type WatchedAssignment } from './model';

/**
 * Follows the shown assignments' starts on each tick of the clock. A screen reader hears only the
 * milestones (10, 5 and 1 minute before, and the start) through the returned text, which the page
 * puts in a polite live region; at a start, `onStart` runs once for that assignment.
 */
export function useStartWatch(
  rows: readonly WatchedAssignment[],
  now: number,
  onStart: (assignment: WatchedAssignment) => void,
): string {
  const { t } = useTranslation();
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef<number | null>(null);
  const latestOnStart = useRef(onStart);
  latestOnStart.current = onStart;

  useEffect(() => {
    const before = previous.current;
    previous.current = now;
    if (before === null || before >= now) return;
    const said: string[] = [];
    for (const row of rows) {
      const start = Date.parse(row.starting_at);
      // A row already running when it was first seen has nothing to announce.
      if (hasStarted(row, before)) continue;
      const mark = crossedMilestone(start, before, now);
      if (mark === null) continue;
      if (mark === 0) {
        said.push(t('watcher.announce.started', { name: row.name }));
        latestOnStart.current(row);
      } else {
        said.push(t('watcher.announce.minutes', { name: row.name, count: mark / 60 }));
      }
    }
    if (said.length > 0) setAnnouncement(said.join('. '));
  }, [now, rows, t]);

  return announcement;
}

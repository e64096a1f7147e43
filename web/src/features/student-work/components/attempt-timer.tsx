import { Badge, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clock, crossedThreshold, secondsLeft } from '../timer-model';

/**
 * The time left of an attempt. The clock ticks every second for the eyes only; screen readers hear
 * the time left at the start and when it crosses 30, 10, 5 and 1 minutes (timer-model.ts). A teacher
 * who adds time moves `endsAt`, and the clock follows at its next refresh.
 */
export function AttemptTimer({ endsAt, onExpired }: { endsAt: string; onExpired: () => void }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(endsAt, now) ?? 0;
  const previous = useRef<number | null>(null);
  const [announcement, setAnnouncement] = useState(() => spoken(left));
  const expired = useRef(false);

  function spoken(seconds: number): string {
    if (seconds <= 0) return t('work.timer.over');
    const minutes = Math.ceil(seconds / 60);
    return t('work.timer.left', { count: minutes });
  }

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (crossedThreshold(previous.current, left) !== null) setAnnouncement(spoken(left));
    previous.current = left;
    if (left <= 0 && !expired.current) {
      expired.current = true;
      onExpired();
    }
    if (left > 0) expired.current = false;
  }, [left, onExpired]);

  const urgent = left <= 60;
  return (
    <>
      <Badge
        size="xl"
        radius="sm"
        variant={urgent ? 'filled' : 'light'}
        color={urgent ? 'red' : left <= 300 ? 'orange' : 'blue'}
        aria-hidden
        data-testid="attempt-timer"
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {clock(left)}
      </Badge>
      <VisuallyHidden role="status" aria-live="polite" data-testid="timer-announcement">
        {announcement}
      </VisuallyHidden>
    </>
  );
}

import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import classes from './navigation-progress.module.css';

/** A navigation faster than this shows no bar at all (001 §9 throttle). */
export const PROGRESS_THROTTLE_MS = 200;

type Phase = 'idle' | 'start' | 'running' | 'done';

/** The thin progress bar during navigation (000 §2), driven by the router's loading state. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [phase, setPhase] = useState<Phase>('idle');

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => {
        setPhase('start');
        // Next frame: let the bar render at its start before it eases towards 90 % over 5 s.
        requestAnimationFrame(() => requestAnimationFrame(() => setPhase('running')));
      }, PROGRESS_THROTTLE_MS);
      return () => clearTimeout(timer);
    }
    setPhase((current) => (current === 'idle' ? 'idle' : 'done'));
    const timer = setTimeout(() => setPhase('idle'), 500);
    return () => clearTimeout(timer);
  }, [busy]);

  if (phase === 'idle') return null;
  return (
    <div
      className={`${classes.bar} ${classes[phase]}`}
      role="progressbar"
      aria-label="loading"
      aria-busy={phase !== 'done'}
      data-testid="navigation-progress"
    />
  );
}

import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { confirmAction } from '../../../shared/ui/confirm-dialog';

export interface LeaveTexts {
  title: string;
  message: string;
  confirmLabel: string;
}

/**
 * Leaving a running proctored exam asks first: a link or the browser's back button to another page
 * opens the app's confirmation (`onLeave` runs, then the page changes), and closing or reloading the tab
 * gets the browser's own question. Moves within the exam's page (its query, its steps) are not leaving.
 */
export function useLeaveGuard(on: boolean, texts: LeaveTexts, onLeave: () => void): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => on && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let answered = false;
    void confirmAction({ ...texts, danger: true }).then((leave) => {
      answered = true;
      if (leave) {
        onLeave();
        blocker.proceed();
      } else blocker.reset();
    });
    return () => {
      if (!answered && blocker.state === 'blocked') blocker.reset();
    };
    // The dialog is asked once per blocked navigation: the blocker's state is what starts it.
  }, [blocker.state]);
  useEffect(() => {
    if (!on) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [on]);
}

import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { shouldScrollToTop } from '../guards/navigation';

/** Scrolls to the top on a new page, not when only the query changed, and not on back/forward. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (navigationType !== 'POP' && shouldScrollToTop(previous.current, pathname)) window.scrollTo(0, 0);
    previous.current = pathname;
  }, [pathname, navigationType]);
  return null;
}

import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { basketKeys } from './basket-api';

/** 001 §9: the basket's loader hides 500 ms after a call. */
export const BASKET_LOADER_LINGER_MS = 500;

/**
 * A flag shown at once when work starts and hidden `ms` after the last work ended; work starting again
 * within that time keeps it shown (no flicker between a change and the refetch it causes).
 */
export function lingeringFlag(ms: number, onChange: (shown: boolean) => void) {
  let shown = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    busy(now: boolean): void {
      if (now) {
        cancel();
        if (!shown) {
          shown = true;
          onChange(true);
        }
        return;
      }
      if (!shown || timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        shown = false;
        onChange(false);
      }, ms);
    },
    dispose: cancel,
  };
}

/**
 * Whether the basket's loader shows: while a basket call (a query under `basketKeys.all`, or a mutation
 * keyed so) runs, and `BASKET_LOADER_LINGER_MS` after the last one ended.
 */
export function useBasketLoader(): boolean {
  const busy =
    useIsFetching({ queryKey: basketKeys.all }) + useIsMutating({ mutationKey: basketKeys.all }) > 0;
  const [shown, setShown] = useState(false);
  const flag = useRef<ReturnType<typeof lingeringFlag> | null>(null);
  flag.current ??= lingeringFlag(BASKET_LOADER_LINGER_MS, setShown);
  useEffect(() => flag.current?.busy(busy), [busy]);
  useEffect(() => () => flag.current?.dispose(), []);
  return shown;
}

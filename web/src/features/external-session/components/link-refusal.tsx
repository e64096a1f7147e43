import { Alert } from '@mantine/core';
import type { LinkState } from '../model/link-state';
import { useExternalText, type ExternalKey } from '../i18n/use-external-text';

const TEXT: Partial<Record<LinkState['kind'], ExternalKey>> = {
  invalid: 'link.invalid',
  expired: 'link.expired',
  unreachable: 'link.unreachable',
  'wrong-page': 'link.wrongPage',
  finished: 'link.finished',
  'not-needed': 'link.notNeeded',
};

/** Why the link opens nothing (any more): a clear state rather than a broken page. */
export function LinkRefusal({ state }: { state: LinkState }) {
  const t = useExternalText();
  const key = TEXT[state.kind];
  if (!key) return null;
  const ended = state.kind === 'finished' || state.kind === 'expired';
  return (
    <Alert
      color={ended ? 'gray' : state.kind === 'unreachable' ? 'orange' : 'red'}
      data-testid="link-state"
      data-state={state.kind}
    >
      {t(key)}
    </Alert>
  );
}

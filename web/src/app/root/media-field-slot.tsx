import { lazy, Suspense, type ReactNode } from 'react';
import { MediaFieldProvider, type MediaFieldSlotProps } from '../../shared/media/media-field-slot';

// Loaded when a form first shows the field, so the media library stays out of the first page's bundle.
const MediaField = lazy(async () => ({ default: (await import('../../features/media-library')).MediaField }));

function LazyMediaField(props: MediaFieldSlotProps) {
  return (
    <Suspense fallback={null}>
      <MediaField {...props} />
    </Suspense>
  );
}

/** Fills the shared media field slot with the media library's field for every page below it. */
export function MediaFieldSlot({ children }: { children: ReactNode }) {
  return <MediaFieldProvider value={LazyMediaField}>{children}</MediaFieldProvider>;
}

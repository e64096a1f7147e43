export { MediaLibraryPage } from './components/media-library-page';
export { MediaPicker } from './components/media-picker';
export type { PickableKind, PickedMedia } from './picker-model';
export { MediaField } from './components/media-field';

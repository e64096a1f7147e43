import { createContext, useContext, type ComponentType } from 'react';

/** The kinds of file a media field may offer (the media library's types, folders aside). */
export type MediaFieldKind = 'image' | 'video' | 'audio' | 'document' | 'other';

/** What the field answers when a file is chosen: enough to store it (id) and show it now (src). */
export interface MediaFieldChoice {
  id: string;
  name: string;
  type: MediaFieldKind;
  src: string | null;
  preview_src: string | null;
}

export interface MediaFieldSlotProps {
  label: string;
  value: string | null;
  onChange: (media: MediaFieldChoice | null) => void;
  kinds: readonly MediaFieldKind[];
  error?: string;
  testId?: string;
}

const MediaFieldContext = createContext<ComponentType<MediaFieldSlotProps> | null>(null);

/**
 * A slot for the media library's file field, so a feature (the rich text editor's image form) can
 * offer it without importing the media library feature: the app fills the slot (app/root), features
 * render `SlotMediaField`. Without a provider nothing is shown and the form still works by address.
 */
export const MediaFieldProvider = MediaFieldContext.Provider;

export function SlotMediaField(props: MediaFieldSlotProps) {
  const Field = useContext(MediaFieldContext);
  return Field ? <Field {...props} /> : null;
}

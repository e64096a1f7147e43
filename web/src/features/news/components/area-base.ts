import { useLocation } from 'react-router';

/** The area the news is read in (/t, /s, /m, /p): links stay inside the reader's own area. */
export function useAreaBase(): string {
  const { pathname } = useLocation();
  return `/${pathname.split('/')[1] ?? ''}`;
}

/** The manager's area publishes; the others read. */
export const isEditorArea = (base: string) => base === '/m';

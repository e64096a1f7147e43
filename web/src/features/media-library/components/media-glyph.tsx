import type { MediaType } from '../model';

// Tabler-style outlines (MIT), one per kind of item; decorative: the item's name says what it is.
const PATHS: Record<MediaType, string[]> = {
  folder: ['M5 4h4l3 3h7a2 2 0 0 1 2 2v8a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-11a2 2 0 0 1 2 -2'],
  image: [
    'M15 8h.01',
    'M3 6a3 3 0 0 1 3 -3h12a3 3 0 0 1 3 3v12a3 3 0 0 1 -3 3h-12a3 3 0 0 1 -3 -3v-12z',
    'M3 16l5 -5c.928 -.893 2.072 -.893 3 0l5 5',
    'M14 14l1 -1c.928 -.893 2.072 -.893 3 0l3 3',
  ],
  video: [
    'M15 10l4.553 -2.276a1 1 0 0 1 1.447 .894v6.764a1 1 0 0 1 -1.447 .894l-4.553 -2.276v-4z',
    'M3 6m0 2a2 2 0 0 1 2 -2h8a2 2 0 0 1 2 2v8a2 2 0 0 1 -2 2h-8a2 2 0 0 1 -2 -2z',
  ],
  audio: [
    'M3 17a3 3 0 1 0 6 0a3 3 0 0 0 -6 0',
    'M13 17a3 3 0 1 0 6 0a3 3 0 0 0 -6 0',
    'M9 17v-13h10v13',
    'M9 8h10',
  ],
  document: [
    'M14 3v4a1 1 0 0 0 1 1h4',
    'M17 21h-10a2 2 0 0 1 -2 -2v-14a2 2 0 0 1 2 -2h7l5 5v11a2 2 0 0 1 -2 2z',
    'M9 9h1',
    'M9 13h6',
    'M9 17h6',
  ],
  other: [
    'M14 3v4a1 1 0 0 0 1 1h4',
    'M17 21h-10a2 2 0 0 1 -2 -2v-14a2 2 0 0 1 2 -2h7l5 5v11a2 2 0 0 1 -2 2z',
  ],
};

const COLORS: Record<MediaType, string> = {
  folder: 'var(--mantine-color-yellow-6)',
  image: 'var(--mantine-color-teal-6)',
  video: 'var(--mantine-color-blue-6)',
  audio: 'var(--mantine-color-grape-6)',
  document: 'var(--mantine-color-red-6)',
  other: 'var(--mantine-color-gray-6)',
};

export function MediaGlyph({ type, size = 40 }: { type: MediaType; size?: number }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke={COLORS[type] ?? COLORS.other}
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable={false}
    >
      {(PATHS[type] ?? PATHS.other).map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

import type { SVGProps } from 'react';

/** The toolbar's line icons (shapes after the MIT-licensed Tabler set), decorative: buttons carry labels. */
function icon(...paths: string[]) {
  return function Icon(props: Omit<SVGProps<SVGSVGElement>, 'children'>) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={18}
        height={18}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.9}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
        focusable={false}
        {...props}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

const H = ['M4 6v12', 'M12 6v12', 'M11 18h2', 'M3 18h2', 'M4 12h8', 'M3 6h2', 'M11 6h2'];

export const BoldIcon = icon('M7 5h6a3.5 3.5 0 0 1 0 7h-6z', 'M13 12h1a3.5 3.5 0 0 1 0 7h-7v-7');
export const ItalicIcon = icon('M11 5l6 0', 'M7 19l6 0', 'M14 5l-4 14');
export const StrikeIcon = icon(
  'M5 12l14 0',
  'M16 6.5a4 2 0 0 0 -4 -1.5h-1a3.5 3.5 0 0 0 0 7h2a3.5 3.5 0 0 1 0 7h-1.5a4 2 0 0 1 -4 -1.5',
);
export const Heading2Icon = icon(
  'M17 12a2 2 0 1 1 4 0c0 .591 -.417 1.318 -.816 1.858l-3.184 4.143l4 0',
  ...H,
);
export const Heading3Icon = icon('M19 14a2 2 0 1 0 -2 -2', 'M17 16a2 2 0 1 0 2 -2', ...H);
export const BulletListIcon = icon(
  'M9 6l11 0',
  'M9 12l11 0',
  'M9 18l11 0',
  'M5 6l0 .01',
  'M5 12l0 .01',
  'M5 18l0 .01',
);
export const OrderedListIcon = icon(
  'M11 6h9',
  'M11 12h9',
  'M12 18h8',
  'M4 16a2 2 0 1 1 4 0c0 .591 -.5 1 -1 1.5l-3 2.5h4',
  'M6 10v-6l-2 2',
);
export const QuoteIcon = icon(
  'M10 11h-4a1 1 0 0 1 -1 -1v-3a1 1 0 0 1 1 -1h3a1 1 0 0 1 1 1v6c0 2.667 -1.333 4.333 -4 5',
  'M19 11h-4a1 1 0 0 1 -1 -1v-3a1 1 0 0 1 1 -1h3a1 1 0 0 1 1 1v6c0 2.667 -1.333 4.333 -4 5',
);
export const LinkIcon = icon(
  'M9 15l6 -6',
  'M11 6l.463 -.536a5 5 0 0 1 7.071 7.072l-.534 .464',
  'M13 18l-.397 .534a5.068 5.068 0 0 1 -7.127 0a4.972 4.972 0 0 1 0 -7.071l.524 -.463',
);
export const ImageIcon = icon(
  'M15 8h.01',
  'M3 6a3 3 0 0 1 3 -3h12a3 3 0 0 1 3 3v12a3 3 0 0 1 -3 3h-12a3 3 0 0 1 -3 -3v-12z',
  'M3 16l5 -5c.928 -.893 2.072 -.893 3 0l5 5',
  'M14 14l1 -1c.928 -.893 2.072 -.893 3 0l3 3',
);
export const FormulaIcon = icon('M18 16v2a1 1 0 0 1 -1 1h-11l6 -7l-6 -7h11a1 1 0 0 1 1 1v2');
export const UndoIcon = icon('M9 14l-4 -4l4 -4', 'M5 10h11a4 4 0 1 1 0 8h-1');
export const RedoIcon = icon('M15 14l4 -4l-4 -4', 'M19 10h-11a4 4 0 1 0 0 8h1');

/** Series colours from the theme, distinct side by side; a long list starts over. */
const PALETTE = [
  'blue',
  'red',
  'orange',
  'teal',
  'grape',
  'yellow',
  'cyan',
  'pink',
  'lime',
  'indigo',
  'violet',
  'green',
] as const;

export function seriesColor(index: number): string {
  return `var(--mantine-color-${PALETTE[index % PALETTE.length]}-6)`;
}

export const CREDIBLE_COLOR = 'var(--mantine-color-teal-6)';
export const DOUBTFUL_COLOR = 'var(--mantine-color-red-6)';

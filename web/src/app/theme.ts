import { createTheme, type CSSVariablesResolver } from '@mantine/core';

const systemFonts =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "DejaVu Sans", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: '650' },
  // The product's layout breakpoints: mobile landscape 550, tablet portrait 768, tablet landscape 990,
  // desktop 1200. Mantine's sm is the 768 px line below which panels stack.
  breakpoints: { xs: '34.375em', sm: '48em', md: '61.875em', lg: '75em', xl: '88em' },
  components: {
    Card: { defaultProps: { withBorder: true, shadow: 'xs', padding: 'lg' } },
    // Sentence case reads calmer than capitals, especially in Cyrillic.
    Badge: { defaultProps: { variant: 'light' }, styles: { label: { textTransform: 'none' } } },
    Modal: { styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } } },
    Drawer: { styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } } },
  },
});

/** A faintly tinted page behind white cards, so panels read as panels without heavy shadows. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--app-page-background': t.colors.gray[0] },
  dark: { '--app-page-background': t.colors.dark[8] },
});

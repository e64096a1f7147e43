import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { areaLoader, indexLoader, linkRedirectLoader } from './guards/loaders';
import { AREAS, type Area } from '../shared/guards/groups';
import { setPagePreloader } from '../shared/guards/page-preload';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './root/root-layout';
import { FullPageLoader, IndexRoute } from './routes/index-route';
import { RegisterRoute } from './routes/register-route';
import { RouteError } from './routes/route-error';
import { AREA_PAGES, PUBLIC_PAGES, type PageSpec } from './routes/route-table';

type AreaModule = { pages: Record<string, ComponentType> };

/**
 * One module per area, loaded when the area is first opened: a student never downloads the manager's
 * screens, and the first page (the index) downloads none of them.
 */
const AREA_MODULES: Record<Area, () => Promise<AreaModule>> = {
  t: () => import('./areas/teacher'),
  s: () => import('./areas/student'),
  m: () => import('./areas/manager'),
  p: () => import('./areas/proctor'),
  a: () => import('./areas/admin'),
  an: () => import('./areas/analyst'),
};

/** Modules of their own beside the areas' (PageSpec.module): the shop's screens. */
const PAGE_MODULES: Record<NonNullable<PageSpec['module']>, () => Promise<AreaModule>> = {
  shop: () => import('./areas/shop'),
};

const loadShell = () => import('./shell');

// The sign-in preloads the main layout and the area it leads to (shared/guards/page-preload.ts): the
// same import() calls the routes make, so the navigation then finds them in the module cache.
setPagePreloader((path) => {
  void loadShell().catch(() => undefined);
  const area = path?.split(/[/?#]/)[1];
  if (area && (AREAS as readonly string[]).includes(area))
    void AREA_MODULES[area as Area]().catch(() => undefined);
});

const sectionPage = async () => ({ Component: (await import('./routes/section-page')).SectionPage });

function pageRoute(spec: PageSpec, load: () => Promise<AreaModule>): RouteObject {
  return {
    ...(spec.path ? { path: spec.path } : { index: true }),
    handle: spec.section ? { section: spec.section } : undefined,
    lazy: spec.section
      ? sectionPage
      : async () => {
          const Component = (await (spec.module ? PAGE_MODULES[spec.module] : load)()).pages[spec.page];
          if (!Component) throw new Error(`The page ${spec.page} is missing from its area module`);
          return { Component };
        },
  };
}

function areaRoute(area: Area): RouteObject {
  return {
    path: area,
    loader: areaLoader(area),
    // Inside the main layout: a 403 keeps the user's own menu around it.
    ErrorBoundary: RouteError,
    children: AREA_PAGES[area].map((spec) => pageRoute(spec, AREA_MODULES[area])),
  };
}

const publicPages: Record<
  string,
  () => Promise<Pick<RouteObject, 'Component' | 'loader' | 'ErrorBoundary'>>
> = {
  status: async () => ({ Component: (await import('./routes/status')).StatusRoute }),
  'external-camera': async () => ({ Component: (await import('../features/external-session')).CameraPage }),
  'external-upload': async () => ({ Component: (await import('../features/external-session')).UploadPage }),
  'external-assignment': async () => ({
    Component: (await import('../features/external-assignment')).LaunchPage,
  }),
  // The quick start by a short code (docs/assignments.md).
  'quick-start': async () => ({ Component: (await import('../features/quick-start')).QuickStartPage }),
  // A school's shop page, guests included (docs/shop.md).
  shop: async () => ({ Component: (await import('../features/shop/components/shop-page')).ShopPage }),
  // The public report: its loader answers 404 for an unknown or revoked link (the layout's error page).
  report: async () => {
    const { PublicReportPage, reportLoader } = await import('../features/public-report');
    // Its own error boundary keeps the 404 inside the public layout (header, language).
    return { Component: PublicReportPage, loader: reportLoader, ErrorBoundary: RouteError };
  },
};

// History mode: real paths, so links can be shared; the platform serves index.html for unknown paths.
const router = createBrowserRouter([
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    // Shown while the first page's guard reads the session.
    HydrateFallback: FullPageLoader,
    children: [
      { index: true, loader: indexLoader, Component: IndexRoute },
      { path: 'register/:url', Component: RegisterRoute },
      // Where the platform's e-mails point: on to the index's recovery and confirmation views.
      { path: 'password/reset', loader: linkRedirectLoader('remind') },
      { path: 'email/confirm', loader: linkRedirectLoader('confirmation') },
      {
        id: 'main',
        lazy: async () => ({ Component: (await loadShell()).MainLayout }),
        children: AREAS.map(areaRoute),
      },
      {
        Component: PublicLayout,
        ErrorBoundary: RouteError,
        children: [
          ...PUBLIC_PAGES.map((spec) => ({
            path: spec.path,
            handle: spec.section ? { section: spec.section } : undefined,
            lazy: spec.section ? sectionPage : publicPages[spec.page],
          })),
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
          },
        ],
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}

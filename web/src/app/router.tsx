import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PublicLayout } from './layouts/public-layout';
import { RouteError } from './routes/route-error';

// History mode: real paths (/status), so links can be shared and the platform serves index.html for
// any unknown path. Screens load on demand to keep the first download small as the product grows.
const router = createBrowserRouter([
  {
    path: '/',
    Component: PublicLayout,
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./routes/home')).HomeRoute }) },
      { path: 'status', lazy: async () => ({ Component: (await import('./routes/status')).StatusRoute }) },
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }) },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}

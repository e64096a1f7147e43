export { MainLayout } from './components/main-layout';
export { useShell, COLLAPSED_KEY } from './ui-store';

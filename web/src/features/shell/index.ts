export { MainLayout } from './components/main-layout';
export { menuOf } from './menus';
export { useShell, COLLAPSED_KEY } from './ui-store';

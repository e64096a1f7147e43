export { ConsolePage } from './components/console-page';
export { DashboardsPage } from './components/dashboards-page';
export { QueriesPage } from './components/queries-page';

export { PublicReportPage } from './components/public-report-page';
export { ShareReportAction } from './components/share-report-action';
export { reportLoader } from './report-loader';

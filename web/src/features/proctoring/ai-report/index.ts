export { AiReportPanel } from './components/ai-report-panel';

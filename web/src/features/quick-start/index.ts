export { QuickStartPage } from './components/quick-start-page';
export { groupCode } from './model/code-text';

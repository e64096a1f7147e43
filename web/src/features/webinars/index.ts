export { WebinarPage } from './components/webinar-page';

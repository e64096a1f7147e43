export { ClassCreatePage, ClassesListPage, ClassViewPage } from './components/class-pages';

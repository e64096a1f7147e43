export { GroupHome } from './components/group-home';

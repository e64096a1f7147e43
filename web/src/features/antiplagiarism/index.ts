export { AntiplagiarismCheckPanel } from './components/check-panel';
export { GroupCreatePage, GroupEditPage, GroupsListPage } from './components/group-pages';
// The report page (with its chart library) is loaded lazily by the teacher's area from its own file.

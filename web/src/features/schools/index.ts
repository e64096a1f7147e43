export { SchoolSelectModal } from './components/school-select-modal';
export { AttachSchoolModal } from './components/attach-school-modal';
export { schoolsApi, SCHOOLS_QUERY_KEY } from './api';

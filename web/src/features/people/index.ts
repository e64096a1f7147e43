export { PeopleListPage } from './components/people-list-page';
export { PersonCreatePage, PersonEditPage, PersonViewPage, PersonCard } from './components/person-pages';
export { personQuery, peoplePageQuery } from './api';
export { PEOPLE_COLLECTIONS, type PeopleCollection, type Person } from './model';

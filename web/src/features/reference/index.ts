export { CitiesPage, RegionsPage } from './components/reference-list-page';
export { CityEditPage, RegionEditPage } from './components/reference-edit-page';
export { SchoolPage, SchoolsPage } from './components/schools-pages';

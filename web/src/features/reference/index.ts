export { CitiesPage, RegionsPage, SchoolsPage } from './components/reference-list-page';
export { CityEditPage, RegionEditPage, SchoolEditPage } from './components/reference-edit-page';

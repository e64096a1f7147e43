import type { ComponentType } from 'react';
import { GroupHome } from '../../features/home';
import {
  CitiesPage,
  CityEditPage,
  RegionEditPage,
  RegionsPage,
  SchoolEditPage,
  SchoolsPage,
} from '../../features/reference';

/** The admin's area (/a): regions, cities and schools. */
export const pages: Record<string, ComponentType> = {
  home: GroupHome,
  regions: RegionsPage,
  region: RegionEditPage,
  cities: CitiesPage,
  city: CityEditPage,
  schools: SchoolsPage,
  school: SchoolEditPage,
};

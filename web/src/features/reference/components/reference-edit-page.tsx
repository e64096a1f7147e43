import { useTranslation } from 'react-i18next';
import type { City, Region, School } from '../api';
import { CityForm, type CityFields } from './city-form';
import { ReferenceRecordPage, type ReferenceRecordSpec } from './reference-record-page';
import { RegionForm, type RegionFields } from './region-form';
import { SchoolForm, type SchoolFields } from './school-form';

/** An empty description is sent as null, as the record holds it. */
const withDescription = <F extends { description: string }>(fields: F) => ({
  ...fields,
  description: fields.description || null,
});

const regionSpec: ReferenceRecordSpec<Region, RegionFields> = {
  collection: 'regions',
  loadingHeight: 240,
  deletable: true,
  fieldsOf: (region) => ({ name: region?.name ?? '', description: region?.description ?? '' }),
  bodyOf: (fields) => ({ name: fields.name.trim(), description: fields.description.trim() || null }),
  savedOf: withDescription,
  Form: RegionForm,
};

const citySpec: ReferenceRecordSpec<City, CityFields> = {
  collection: 'cities',
  loadingHeight: 320,
  deletable: true,
  fieldsOf: (city) => ({
    name: city?.name ?? '',
    slug: city?.slug ?? '',
    description: city?.description ?? '',
    region_id: city?.region_id ?? null,
    is_default: city?.is_default ?? false,
  }),
  bodyOf: (fields) => ({
    ...fields,
    name: fields.name.trim(),
    slug: fields.slug.trim(),
    description: fields.description.trim() || null,
  }),
  savedOf: withDescription,
  Form: CityForm,
};

const SCHOOL_OPTIONAL = ['short_description', 'email', 'website', 'call_center_phone'] as const;
/** The school's optional texts, an empty one as null. */
const optionalOf = (fields: SchoolFields) =>
  Object.fromEntries(SCHOOL_OPTIONAL.map((f) => [f, fields[f].trim() || null])) as Record<
    string,
    string | null
  >;

const schoolSpec: ReferenceRecordSpec<School, SchoolFields> = {
  collection: 'schools',
  loadingHeight: 320,
  deletable: false,
  fieldsOf: (school) => ({
    name: school?.name ?? '',
    short_description: school?.short_description ?? '',
    email: school?.email ?? '',
    website: school?.website ?? '',
    call_center_phone: school?.call_center_phone ?? '',
  }),
  bodyOf: (fields) => ({ name: fields.name.trim(), ...optionalOf(fields) }),
  savedOf: (fields) => ({ name: fields.name, ...optionalOf(fields) }),
  Form: SchoolForm,
};

/** /a/regions/create and /a/regions/{region}. */
export function RegionEditPage() {
  return <ReferenceRecordPage spec={regionSpec} />;
}

/** /a/cities/create and /a/cities/{city}. */
export function CityEditPage() {
  return <ReferenceRecordPage spec={citySpec} />;
}

/** /a/schools/create and /a/schools/{school}: the admin's form; schools are never deleted. */
export function SchoolEditPage() {
  const { t } = useTranslation();
  return <ReferenceRecordPage spec={{ ...schoolSpec, missing: t('reference.schools.missing') }} />;
}

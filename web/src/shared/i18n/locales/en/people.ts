import type { Messages } from '../ru';

const collection = (title: string, one: string, create: string, empty: string) => ({
  title,
  searchTitle: `${title}: search`,
  description: `The ${title.toLowerCase()} of your school.`,
  create,
  empty,
  editDescription: `Editing a ${one.toLowerCase()}`,
  one,
});

export const people: Messages['people'] = {
  total: 'Records: {{count}}',
  searchLabel: 'Search',
  searchPlaceholder: 'Last name, first name, username, e-mail or phone',
  searchFor: 'Results for “{{query}}”',
  nothingFound: 'Nothing found',
  created: 'The record has been created',
  saved: 'The changes have been saved',
  deactivated: 'The account has been deactivated',
  deactivate: 'Deactivate',
  deactivateConfirm: 'Deactivate the account “{{name}}”? The user will no longer be able to sign in.',
  missing: 'Record not found',
  form: {
    account: 'Account',
    usernameHint: 'Latin letters, digits, dot, hyphen or underscore',
    passwordHint: 'At least 6 characters',
    profile: 'Personal details',
    settings: 'Settings',
    createDescription: 'The user will sign in with this username and password.',
  },
  settings: {
    notify_via_sms: 'Notifications by text message',
    notify_via_email: 'Notifications by e-mail',
    request_photo_challenge: 'Ask for an identity photo',
  },
  students: collection('Students', 'Student', 'Add a student', 'No students yet'),
  teachers: collection('Teachers', 'Teacher', 'Add a teacher', 'No teachers yet'),
  proctors: collection('Proctors', 'Proctor', 'Add a proctor', 'No proctors yet'),
};

export const reference: Messages['reference'] = {
  total: 'Records: {{count}}',
  created: 'The record has been created',
  saved: 'The changes have been saved',
  deleted: 'The record has been deleted',
  deleteConfirm: 'Delete “{{name}}”?',
  fields: {
    name: 'Name',
    description: 'Description',
    slug: 'Address code',
    slugHint: 'Lower-case Latin letters, digits and hyphens',
    region: 'Region',
    noRegion: 'No region',
    isDefault: 'Default',
    type: 'Type',
    website: 'Website',
    phone: 'Call centre phone',
  },
  regions: {
    title: 'Regions',
    description: 'The regions cities belong to.',
    create: 'Add a region',
    empty: 'No regions yet',
    one: 'Region',
  },
  cities: {
    title: 'Cities',
    description: 'Cities for addresses and delivery.',
    create: 'Add a city',
    empty: 'No cities yet',
    one: 'City',
  },
  schools: {
    title: 'Schools',
    description: 'The schools of the platform: the administrator adds and edits them.',
    create: 'Add a school',
    empty: 'No schools',
    missing: 'School not found',
    one: 'School',
  },
};

export const profile: Messages['profile'] = {
  title: 'Profile',
  description: 'Your details on the platform.',
  edit: 'Edit the profile',
  password: 'Change the password',
  passwordHint: 'Changing the password ends your other sessions.',
  school: 'School',
  missing: 'User not found',
  saved: 'The profile has been saved',
  avatar: 'Profile photo',
  contactHint: 'A new address or number is confirmed with a code.',
  codeSentEmail: 'A confirmation code was sent to {{email}}',
  codeSentPhone: 'A confirmation code was sent to {{phone}}',
  languageHint: 'Kept in this browser and applied at once.',
};

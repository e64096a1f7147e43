import type { Messages } from '../ru';

export const common: Messages['common'] = {
  cancel: 'Cancel',
  confirm: 'Confirm',
  close: 'Close',
  back: 'Back',
  continue: 'Continue',
  send: 'Send',
  ready: 'Done',
  exit: 'Sign out',
  save: 'Save',
  create: 'Create',
  edit: 'Edit',
  delete: 'Delete',
  search: 'Search',
  find: 'Find',
  loading: 'Loading…',
  yes: 'Yes',
  no: 'No',
  nothingFound: 'Nothing found',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  dateField: {
    placeholder: 'DD.MM.YY',
    invalid: 'Enter the date as DD.MM.YY',
    tooEarly: 'Not before {{day}}',
    tooLate: 'Not after {{day}}',
  },
};

export const validation: Messages['validation'] = {
  required: 'Required',
  passwordMin: 'The password must be at least {{count}} characters long',
  passwordMismatch: 'The passwords do not match',
};

export const person: Messages['person'] = {
  lastname: 'Last name',
  firstname: 'First name',
  patronymic: 'Patronymic',
  phone: 'Phone',
  email: 'E-mail',
  username: 'Username',
  fullName: 'Full name',
  registered: 'Registered',
  description: 'Description',
};

export const groups: Messages['groups'] = {
  admin: 'Administrator',
  manager: 'Manager',
  teacher: 'Teacher',
  student: 'Student',
  proctor: 'Proctor',
  analyst: 'Analyst',
  unknown: 'User',
};

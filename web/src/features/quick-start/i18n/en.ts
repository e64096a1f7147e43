import type { QuickStartMessages } from './ru';

export const en: QuickStartMessages = {
  title: 'Quick start',
  lead: 'Enter the code your teacher shows to open the assignment.',
  label: 'Assignment code',
  description: '8 characters, e.g. ABCD-EFGH. Case and the dash do not matter.',
  go: 'Go',
  signIn: 'Sign in to your account to open the assignment: the code is kept.',
  signInButton: 'Sign in',
  notFound: 'Code not found. Check it or ask your teacher.',
  incomplete: 'The code has 8 characters.',
  failed: 'The code could not be checked. Check the connection and try again.',
};

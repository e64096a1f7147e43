import type { ExternalAssignmentMessages } from './ru';

export const en: ExternalAssignmentMessages = {
  work: {
    title: 'Work on an external site',
    frameTitle: 'Assignment page: {{host}}',
    openTab: 'Open in a new tab',
    hint: 'Many sites do not allow being shown inside another page. If the area below is empty or shows an error, open the assignment in a new tab, do it there and come back here to finish the attempt.',
    noUrl:
      'The teacher gave no address for this assignment, or one that cannot be opened. Please tell your teacher.',
    attempt: 'Attempt {{number}}',
    finish: 'Finish',
    finishTitle: 'Finish the attempt?',
    finishText:
      'Make sure you have submitted your work on the external site: a finished attempt cannot be resumed.',
  },
  facts: {
    external: 'This assignment is done on an external site; it opens once you start the attempt.',
  },
  launch: {
    title: 'Assignment',
    lead: 'You have been invited to do an assignment on Sabaq.',
    school: 'School',
    signIn: 'Sign in to go to the assignment',
    signInButton: 'Sign in',
    opening: 'Opening the assignment…',
    invalid: 'This assignment link was not found or has been revoked. Ask your teacher for a new link.',
    unreachable: 'The platform could not be reached. Check your connection and reload the page.',
    notYours:
      'This assignment is not given to your account. If this is a mistake, ask your teacher or sign in with another account.',
    otherAccount: 'Sign in with another account',
    toHome: 'Home',
  },
  link: {
    title: 'Launch link',
    hint: "Post the link on the school's site or LMS: a student signs in to the platform and lands right on the assignment. Issuing a new link disables the old one.",
    none: 'No link yet.',
    make: 'Create link',
    copy: 'Copy',
    copied: 'Copied',
    open: 'Open',
    renew: 'Issue a new one',
    renewed: 'A new link was issued; the old one no longer works',
    renewConfirm: 'The old link will stop working for everyone it was sent to. Continue?',
    revoke: 'Revoke',
    revoked: 'The link was revoked',
    issuedAt: 'Created {{date}}',
    externalUrl: 'Work address',
    code: {
      title: 'Code for the class',
      hint: 'Show the code and the QR code on the screen: students enter the code at {{address}} or scan the QR and land in the assignment.',
      qr: 'Quick start QR code',
      fullscreen: 'Full screen',
      close: 'Close',
      projectorLead: 'Open {{address}} and enter the code',
    },
  },
};

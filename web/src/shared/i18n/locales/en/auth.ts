import type { Messages } from '../ru';

export const auth: Messages['auth'] = {
  welcome: {
    title: 'Welcome to Sabaq',
    text: 'Lessons, quizzes, courses and proctored exams: everything a school needs, in one place.',
  },
  login: {
    title: 'Sign in',
    description: 'Enter the username and password your school gave you.',
    username: 'Username',
    password: 'Password',
    forgot: 'Forgot your password?',
    submit: 'Sign in',
    otherWays: 'or',
    signing: 'Digital signature',
    oauth: 'External application',
    noAccount: 'No account yet?',
    register: 'Sign up',
  },
  register: {
    title: 'Sign up',
    description: 'Your school or teacher gives you the invite code.',
    inviteCode: 'Invite code',
    phoneHint: 'Optional; we will text you a confirmation code',
    agree: 'I agree to the processing of my personal data',
    submit: 'Sign up',
    haveAccount: 'Already have an account?',
    codeTitle: 'Confirm your phone',
    codeDescription: 'Enter the code from the text message to finish signing up.',
    done: 'You are signed up. Sign in with your username and password.',
  },
  code: {
    prompt: 'Enter the code from the message',
    sentTo: 'The code was sent to {{to}}',
    label: 'Confirmation code',
    resend: 'Send the code again',
    resendIn: 'Send again in {{seconds}} s',
  },
  remind: {
    title: 'Password recovery',
    description: 'Enter your username and we will tell you how to set a new password.',
    codeSent: 'We sent a code to the phone of your account.',
    emailSent: "We sent a link for a new password to your account's e-mail.",
    fullnameDescription: 'Your account has no phone or e-mail: confirm your first and last name.',
    newPasswordTitle: 'New password',
    newPasswordDescription: 'Choose a password of at least 6 characters.',
    backToLogin: 'Back to sign-in',
  },
  password: {
    new: 'New password',
    confirm: 'Repeat the password',
    save: 'Change password',
    changed: 'The password has been changed',
  },
  confirmation: {
    title: 'E-mail confirmation',
    description: 'Confirming the address from the link.',
    submit: 'Confirm',
    done: 'Your e-mail is confirmed. You can sign in now.',
  },
  success: {
    title: 'Done',
    text: 'All done.',
  },
  oauth: {
    title: 'Sign in with an external application',
    description: 'Choose an application: its sign-in page opens, then you come back here.',
    unavailable:
      'No external sign-in applications are connected to this server. Sign in with your username and password.',
    signingIn: 'Signing in…',
  },
  signing: {
    title: 'Digital signature',
    description:
      'The signing application on your computer signs a short sign-in document with the key you registered in your profile.',
    connecting: 'Connecting to the signing application…',
    connectingHint:
      'Start the signing application. Address {{address}}, attempt {{attempts}}; retried every second.',
    connected: 'The signing application is connected.',
    key: 'Key: {{subject}}',
    submit: 'Sign and sign in',
    failed: 'The document could not be signed',
    badAnswer: 'The signing application did not return a document',
  },
  errors: {
    rateLimit: 'Too many requests',
    userNotFound: 'User not found or wrong password',
    unknown: 'Unknown error',
    phoneExists: 'A user with this phone already exists',
    phoneNotExists: 'No user has this phone',
    wrongCode: 'Wrong activation code',
  },
};

export const challenges: Messages['challenges'] = {
  title: 'Finish signing in',
  titles: {
    change_password: 'Change your password',
    sign_privacy_policy: 'Privacy policy',
    request_personal_data: 'Consent to a personal data request',
    other: 'Action required',
  },
  changePassword: {
    expired: 'Your password has expired. Choose a new one to continue.',
  },
  privacyPolicy: {
    text: 'Your school asks you to sign the privacy policy with a digital signature.',
    document:
      "Sabaq privacy policy.\nSabaq processes your personal data (full name, IIN, phone, email address, proctoring recordings) only for learning and for holding exams at your school.\nThe data is kept on the school's servers and is not passed to third parties except where the law requires it.\nYou may ask the school administrator to change or delete it.",
    sign: 'Sign',
    done: 'Privacy policy signed',
  },
  personalData: {
    text: 'Your school asks for consent to request your personal data. Confirm it with the code from a text message.',
    notFound: 'No subject with this phone was found. Enter another number.',
    phoneOnFile: 'The code will be sent to {{phone}}.',
    begin: 'Begin',
    done: 'Consent confirmed',
  },
  unknown: 'This step cannot be completed in the web app yet. Contact your school administrator.',
  remaining: 'Steps left: {{count}}',
};

export const schools: Messages['schools'] = {
  select: {
    title: 'Choose a school',
    description: 'You belong to several schools. Choose the one to work in now.',
    descriptionOne: 'You belong to one school. Choose it to start working, or add another one.',
    none: 'You do not belong to any school yet.',
    signUp: 'Join a school',
    attach: 'Add a school',
    current: 'Current',
  },
  attach: {
    title: 'Add a school',
    code: 'Invite code',
    done: 'The school has been added',
  },
};

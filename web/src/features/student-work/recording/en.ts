import type { RecordingMessages } from './ru';

export const en: RecordingMessages = {
  title: 'Exam recording',
  titleOf: 'Recording of attempt {{number}}',
  states: {
    none: 'The recording of this attempt did not reach the server. If it stayed on this or another device (a phone, say), send it through the link below.',
    incomplete:
      'The recording of this attempt is still being sent or arrived incomplete. While the exam page is open it keeps sending by itself; if the connection broke or the recording stayed on another device, send it through the link below.',
    sent: 'The recording of this attempt has arrived. If part of it stayed on another device, you can send it through the link below.',
  },
  unsentHere:
    'This browser still holds unsent pieces of the recording: {{count}}. Open the link here and they will be sent.',
  issue: 'Get an upload link',
  qr: 'QR code of the recording upload link',
  expires: 'The link opens on any device without signing in and lasts two hours.',
};

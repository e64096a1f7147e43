import type { WebinarMessages } from './ru';

export const en: WebinarMessages = {
  title: 'Webinar',
  connecting: 'Connecting…',
  waiting: 'Waiting for others to join',
  you: 'You',
  participant: 'Participant',
  cameraOff: 'Turn camera off',
  cameraOn: 'Turn camera on',
  micOff: 'Mute microphone',
  micOn: 'Unmute microphone',
  join: 'Join the webinar',
  leave: 'Leave',
  end: 'End for everyone',
  ended: 'The webinar has ended',
  forbidden: 'You are not a participant of this webinar',
  notFound: 'This assignment has no webinar',
  noDevices: 'No access to the camera or microphone: allow them in the browser',
  full: 'The webinar already has {{count}} participants: no room for more',
  people: 'Participants: {{count}}',
};

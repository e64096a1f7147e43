import { only, publicRoute, signedIn, type RouteAccessTable } from '../../platform/http/route-access';
import { groups, sameForEveryAction, type AccessTable } from '../../platform/http/records/access';

/** Who may call each of this context's routes that is not a record collection's (route-access.ts). */
export const mediaRouteAccess: RouteAccessTable = {
  // Recordings and media (docs/media.md): chunk upload and playback are authorised by their signatures
  // (a bad one is 403 on upload, 404 on playback); erasing an attempt's recordings is the school staff's.
  'POST /api/webinar-sessions/:id/upload': publicRoute,
  'GET /api/webinar-records/:id/hls/*': publicRoute,
  'GET /api/media/:id/hls/*': publicRoute,
  'GET /api/media/:id/file': publicRoute,
  // Lasting links of shared library files: the token is the proof (an <img> sends no bearer token).
  'GET /api/media/s/:token': publicRoute,
  'GET /api/media/:id/view': signedIn,
  'POST /api/webinar-sessions/erase.json': only('admin', 'manager'),
  // The phone's pages (media/external): the student asks for a link to their attempt; the link is the proof.
  // The teacher's result page asks for an attempt's upload link (the route checks the purpose and the attempt).
  'POST /api/webinar-sessions/external-token': only('student', 'teacher', 'manager', 'admin'),
  'GET /api/webinar-sessions/external-status.json': only('student'),
  'GET /api/webinar-sessions/external/:token': publicRoute,
  'POST /api/webinar-sessions/external/:token/sessions': publicRoute,
  'POST /api/webinar-sessions/external/:token/lifecycle': publicRoute,
  'GET /api/media-overview.json': signedIn,
  'GET /api/media-retention.json': only('admin', 'manager'),
  'PUT /api/media-retention.json': only('admin', 'manager'),
};

/** Recordings are their student's; the school's staff and proctors read them (media visibility narrows teachers). */
const recordingReaders = groups('none', {
  admin: 'own-school',
  manager: 'own-school',
  teacher: 'own-school',
  proctor: 'own-school',
  student: 'own',
});

/** Who may do what with this context's record collections: collection × action × group → rule. */
export const mediaRecordAccess: AccessTable = {
  // Recordings (contexts/media): a student opens and removes their own sessions and asks for a record
  // (a conversion) of them; the school's staff and proctors read them, a teacher those of the assignments
  // they teach (contexts/media/visibility.ts). Records are made by the transcoder, never edited.
  'webinar-sessions': {
    list: recordingReaders,
    get: recordingReaders,
    create: groups('none', { student: 'own' }),
    update: groups('none'),
    delete: groups('none', { student: 'own' }),
  },
  'webinar-records': {
    list: recordingReaders,
    get: recordingReaders,
    create: groups('none', {
      student: 'own',
      teacher: 'own-school',
      admin: 'own-school',
      manager: 'own-school',
    }),
    update: groups('none'),
    delete: groups('none'),
  },
  // The media library: each person's own files and folders; a school's admins and managers see all.
  media: sameForEveryAction(
    groups('none', {
      admin: 'own-school',
      manager: 'own-school',
      teacher: 'own',
      student: 'own',
      proctor: 'own',
    }),
  ),
};

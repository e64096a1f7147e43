import { uuidV5 } from '../../platform/ids';

const derive = (...parts: string[]) => uuidV5(parts.join('\u001f'));

/** A template and every certificate issued from it are one stream (events/src/contexts/certificates.ts). */
export const templateStream = (templateId: string) => `certificate-${templateId}`;

/**
 * One certificate per template, assignment and student: the id is derived from them, so the process
 * manager replaying the log, and a teacher pressing "issue" twice, name the same certificate.
 */
export const userCertificateId = (templateId: string, assignmentId: string, userId: string) =>
  derive('user-certificate', templateId, assignmentId, userId);

/** One certificate per template, course and student, likewise (a course's key never meets an assignment's). */
export const courseCertificateId = (templateId: string, courseId: string, userId: string) =>
  derive('course-certificate', templateId, courseId, userId);

/** An event's id from the stream version it was decided against: a retried append is recognised. */
export const certificateEventId = (stream: string, version: number, key: string, index: number) =>
  derive('certificate-event', stream, String(version), key, String(index));

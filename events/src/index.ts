export * from './envelope';
export * from './health';
export * from './errors';
export * from './registry';
export * from './streams';
export * from './free-json';
export * from './instants';
export * from './realtime';
export * from './contracts';
export * from './contexts/proctoring';
export * from './contexts/proctoring-timeline';
export * from './contexts/identity';
export * from './contexts/reference';
export * from './contexts/people';
export * from './contexts/authoring';
export * from './contexts/assignments';
export * from './contexts/media';
export * from './contexts/schools';
export * from './contexts/certificates';
export * from './contexts/tasks';
export * from './contexts/analysis';
export * from './contexts/analytics';
export * from './contexts/classrooms';
export * from './contexts/infrastructure';
export * from './contexts/oauth';
export * from './contexts/notifications';
export * from './contexts/webinars';
export * from './contexts/chat';
export * from './contexts/antiplagiarism';
export * from './contexts/assignment-launch-links';
export * from './contexts/shop';

import { EventRegistry, type ContextContract } from './registry';
import { proctoringContract } from './contexts/proctoring';
import { identityContract } from './contexts/identity';
import { referenceContract } from './contexts/reference';
import { peopleContract } from './contexts/people';
import { authoringContract } from './contexts/authoring';
import { assignmentsContract } from './contexts/assignments';
import { mediaContract } from './contexts/media';
import { schoolsContract } from './contexts/schools';
import { certificatesContract } from './contexts/certificates';
import { tasksContract } from './contexts/tasks';
import { analysisContract } from './contexts/analysis';
import { analyticsContract } from './contexts/analytics';
import { classroomsContract } from './contexts/classrooms';
import { infrastructureContract } from './contexts/infrastructure';
import { oauthContract } from './contexts/oauth';
import { notificationsContract } from './contexts/notifications';
import { webinarsContract } from './contexts/webinars';
import { chatContract } from './contexts/chat';
import { antiplagiarismContract } from './contexts/antiplagiarism';
import { assignmentLaunchLinksContract } from './contexts/assignment-launch-links';
import { shopContract } from './contexts/shop';

/** Every context's contract; a new context adds its contract here. */
export const contracts: readonly ContextContract[] = [
  proctoringContract,
  referenceContract,
  identityContract,
  peopleContract,
  authoringContract,
  assignmentsContract,
  mediaContract,
  schoolsContract,
  certificatesContract,
  tasksContract,
  analysisContract,
  analyticsContract,
  classroomsContract,
  infrastructureContract,
  oauthContract,
  notificationsContract,
  webinarsContract,
  assignmentLaunchLinksContract,
  antiplagiarismContract,
  chatContract,
  shopContract,
];

export function createRegistry(extra: readonly ContextContract[] = []): EventRegistry {
  return new EventRegistry([...contracts, ...extra]);
}

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
import { newsContract } from './contexts/news';

/**
 * Every context's contract; a new context adds its contract here. Kept as a tuple of the contracts' own
 * types, so domain-event.ts can derive the union of every event from it.
 */
export const contracts = [
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
  newsContract,
] as const satisfies readonly ContextContract[];

export function createRegistry(extra: readonly ContextContract[] = []): EventRegistry {
  return new EventRegistry([...contracts, ...extra]);
}

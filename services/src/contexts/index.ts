import type { BoundedContext } from '../platform/context';
import { assignmentsContext } from './assignments';
import { authoringContext } from './authoring';
import { certificatesContext } from './certificates';
import { identityContext } from './identity';
import { mediaContext } from './media';
import { peopleContext } from './people';
import { proctoringContext } from './proctoring';
import { referenceContext } from './reference';
import { schoolsContext } from './schools';
import { tasksContext } from './tasks';
import { analysisContext } from './analysis';
import { analyticsContext } from './analytics';
import { classroomsContext } from './classrooms';
import { infrastructureContext } from './infrastructure';
import { notificationsContext } from './notifications';
import { webinarsContext } from './webinars';
import { antiplagiarismContext } from './antiplagiarism';
import { chatContext } from './chat';
import { shopContext } from './shop';
import { newsContext } from './news';

/** Every bounded context; the roles (services/src/roles/) hand this list to the platform. Seeds run in this order. */
export const contexts: readonly BoundedContext[] = [
  identityContext,
  proctoringContext,
  referenceContext,
  peopleContext,
  authoringContext,
  assignmentsContext,
  mediaContext,
  schoolsContext,
  certificatesContext,
  tasksContext,
  analysisContext,
  analyticsContext,
  classroomsContext,
  infrastructureContext,
  notificationsContext,
  webinarsContext,
  antiplagiarismContext,
  chatContext,
  shopContext,
  newsContext,
];

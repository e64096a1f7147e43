import { z } from 'zod';
import { describedObject, listAnswer, namedObject } from './answers';

/**
 * Answers of the smaller contexts' own calls (reference, people, notifications, webinars, analytics,
 * infrastructure, antiplagiarism). Entities whose fields the context's docs list are loose objects with a
 * name and a description; figures built per request are described objects. The routes serialise through
 * them (docs/architecture.md, "Contracts").
 */

/** The specification's "Enumeration item" (`/api/enum/{name}.json`, `/api/enums.json`). */
export const enumItem = z
  .object({ raw: z.union([z.string(), z.number()]), name: z.string() })
  .meta({ id: 'EnumItem', description: 'One value of an enumeration and its name' });
/** `/api/enums.json`: every enumeration by its name. */
export const enumerationsAnswer = z.looseObject({ entities: z.record(z.string(), z.array(enumItem)) });

/** The caller's own student or teacher record (`/api/student.json`, `/api/teacher.json`). */
export const ownPersonRecord = z.looseObject({ id: z.string() }).meta({
  id: 'OwnPersonRecord',
  description: "The caller's own student or teacher record, as /api/students and /api/teachers answer one",
});

/** A notification (docs/notifications.md): type and parameters, read state and times. */
export const notificationRecord = z.looseObject({}).meta({
  id: 'Notification',
  description:
    'One notification of the caller: id, owner_id, class_id, type, parameters, is_read, is_received, read_at, created_at',
});
const unread = z.number().int().meta({ description: "The caller's unread notifications after the call" });
export const notificationListAnswer = z.looseObject({
  entities: listAnswer(notificationRecord).shape.entities,
  unread,
});
export const notificationAnswer = z.looseObject({ entity: notificationRecord, unread: unread.optional() });
export const unreadAnswer = z.looseObject({ unread });

/** The analyst's console query and dashboard (docs/analytics.md). */
export const analyticsQueryAnswer = describedObject(
  "A console query's columns, rows and statistics, from the caller's school only (docs/analytics.md)",
);
export const analyticsDashboardAnswer = describedObject(
  "The dashboard's series and totals for the asked period (docs/analytics.md)",
);

/** A reachability check of one host of a webinar server (docs/infrastructure.md). */
const reachability = z.looseObject({
  address: z.string(),
  reachable: z.boolean(),
  latency_ms: z.number().nullable(),
});
export const webinarServerCheck = z
  .looseObject({
    id: z.string(),
    reachable: z.boolean(),
    checked_at: z.string(),
    hosts: z.array(reachability),
  })
  .meta({ id: 'WebinarServerCheck', description: "Whether each of the server's hosts answered" });
export const storageCheck = z.looseObject({ id: z.string(), checked_at: z.string() }).meta({
  id: 'StorageCheck',
  description: 'Whether an object could be written, read and removed (docs/infrastructure.md)',
});
export const platformOverview = describedObject(
  "The platform's roles and the object store's usage (docs/infrastructure.md)",
);

/** Antiplagiarism reports (docs/antiplagiarism.md). */
export const antiplagiarismReport = describedObject(
  "A check's task, its answers' originality and the distribution (docs/antiplagiarism.md)",
);
export const antiplagiarismAnswer = describedObject(
  "One answer's text beside a source's, with the matched fragments (docs/antiplagiarism.md)",
);

/** A background task (docs/tasks.md): state, progress, data (total and processed), its file when done. */
export const taskObject = namedObject(
  'Task',
  'A background task: id, kind, name, state (new, process, completed, suspended, failure), progress, data, file (docs/tasks.md)',
);

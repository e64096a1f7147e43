import { isEvent, type StoredEvent } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { DomainError } from '../../../platform/errors';
import type { Projection } from '../../../platform/projections/projection';
import { loadAssignment } from '../../assignments/assignments/commands';
import { participationStream } from '../../assignments/ids';
import { userCertificateId } from '../ids';
import { runTemplateCommand } from '../templates/template-commands';
import { issueFacts } from './facts';
import { certificateConditions, shouldIssue, type StudentStanding } from './issue-rule';
import { newReportToken } from '../report/report-token';
import { standingFrom } from './standing';

export const ISSUING_PROCESS = 'certificates.issuing';

/** The events after which a student may have earned a certificate. */
const TRIGGERS = [
  'AssignmentAttemptFinished',
  'AssignmentStudentFinished',
  'AssignmentScoreCalculated',
] as const;

type Services = Pick<ContextServices, 'store' | 'db' | 'clock'>;

/**
 * The process manager that issues certificates by the assignments' settings. It is run like a
 * projection (its own checkpoint, advanced in the same transaction as each batch, so a crash replays
 * a little and never skips), but instead of writing a table it sends the template's Issue command.
 * The command is idempotent (one certificate per template, assignment and student, under a derived
 * id), so a replay, a retry of a batch or two processes running it never issue twice.
 *
 * It reads the assignment and the student's work from their streams, not from the events it was
 * handed: a batch may hold only the finish, with the score calculated in an earlier one.
 */
export function issuingProcess(services: Services, log: (message: string) => void = () => {}): Projection {
  return {
    name: ISSUING_PROCESS,
    version: 1,
    handles: TRIGGERS,
    async apply(_tx, events) {
      const students = new Map<string, { assignmentId: string; studentId: string }>();
      for (const event of events) {
        const work = workOf(event);
        if (work) students.set(`${work.assignmentId}:${work.studentId}`, work);
      }
      for (const { assignmentId, studentId } of students.values()) {
        try {
          await issueIfEarned(services, assignmentId, studentId);
        } catch (error) {
          // A rule of the domain (the template was deleted, …) will say the same on every retry: skip it.
          // Anything else fails the batch, which is retried from the same checkpoint.
          if (!(error instanceof DomainError) || error.httpStatus >= 500) throw error;
          log(`certificates: not issued for ${studentId} on ${assignmentId}: ${error.message}`);
        }
      }
    },
    // It keeps no table: a rebuild replays the log, and the idempotent command issues nothing twice.
    async reset() {},
  };
}

function workOf(event: StoredEvent): { assignmentId: string; studentId: string } | undefined {
  if (!isEvent(event, ...TRIGGERS)) return undefined;
  return { assignmentId: event.data.assignment_id, studentId: event.data.student_id };
}

export async function issueIfEarned(services: Services, assignmentId: string, studentId: string) {
  const { state, schoolId } = await loadAssignment(services, assignmentId);
  if (state.status !== 'live') return;
  const record = state.record;
  if (!record.is_certificate || record.certificate_id === null) return;
  const issueType = record.settings.certificate.issue_type;
  const standing = await standingOf(services, assignmentId, studentId, record.components);
  const conditions = certificateConditions(record.settings.scenario_settings.conditions);
  if (!shouldIssue(issueType, conditions, standing)) return;
  const templateId = record.certificate_id;
  await runTemplateCommand(
    services,
    templateId,
    {
      type: 'Issue',
      id: userCertificateId(templateId, assignmentId, studentId),
      userId: studentId,
      assignmentId,
      schoolId,
      facts: await issueFacts(services, record, studentId, schoolId, standing.score),
      reportToken: newReportToken(),
      at: services.clock().toISOString(),
      by: null,
    },
    // Nobody waits on a background issue; the read model follows on its own.
    { wait: false },
  );
}

async function standingOf(
  services: Services,
  assignmentId: string,
  studentId: string,
  components: readonly { points: number }[],
): Promise<StudentStanding> {
  const work = await services.store.readStream(participationStream(assignmentId, studentId));
  const maxPoints = components.reduce((sum, c) => sum + c.points, 0);
  return standingFrom(work, maxPoints, services.clock());
}

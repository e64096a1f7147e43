import { isEvent, type AssignmentRecord } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import type { Caller } from '../../../platform/http/caller';
import { participationStream } from '../../assignments/ids';
import { userCertificateId } from '../ids';
import { runTemplateCommand } from '../templates/template-commands';
import { issueFacts } from './facts';
import { newReportToken } from '../report/report-token';

/**
 * The teacher's "issue certificate" for one student, whatever the assignment's issue type: the same
 * command and the same derived id as the automatic issue, so pressing it twice, or after the process
 * manager issued, leaves one certificate. `issued` says whether this call made it.
 */
export async function manualIssue(
  services: Pick<ContextServices, 'store' | 'db' | 'clock'>,
  record: AssignmentRecord,
  assignmentId: string,
  studentId: string,
  caller: Caller,
): Promise<{ certificateId: string; issued: boolean }> {
  const templateId = record.certificate_id!;
  const work = await services.store.readStream(participationStream(assignmentId, studentId));
  const scored = work.filter((e) => isEvent(e, 'AssignmentScoreCalculated')).at(-1);
  const score = scored ? scored.data.score : null;
  const id = userCertificateId(templateId, assignmentId, studentId);
  const events = await runTemplateCommand(services, templateId, {
    type: 'Issue',
    id,
    userId: studentId,
    assignmentId,
    schoolId: caller.schoolId,
    facts: await issueFacts(services, record, studentId, caller.schoolId, score),
    reportToken: newReportToken(),
    at: services.clock().toISOString(),
    by: caller.userId,
  });
  return { certificateId: id, issued: events.length > 0 };
}

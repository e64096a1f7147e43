import type { ProctoringActionRecordedData, StoredEvent } from '@sabaq/events';
import type { Projection } from '../../../platform/projections/projection';

/** Projects recorded proctoring actions into proctoring_actions; keyed by event id, so a replay changes nothing. */
export const proctoringActionsProjection: Projection = {
  name: 'proctoring.actions',
  version: 1,
  handles: ['ProctoringActionRecorded'],
  async apply(tx, events) {
    const rows = events.map((event) => {
      const data = event.data as ProctoringActionRecordedData;
      return {
        id: event.id,
        school_id: typeof event.metadata.schoolId === 'string' ? event.metadata.schoolId : null,
        assignment_id: data.assignmentId,
        assignment_attempt_id: data.attemptId,
        student_id: data.studentId,
        initiator_id: data.initiatorId,
        webinar_session_id: data.webinarSessionId,
        action_type: data.actionType,
        is_warning: data.isWarning,
        description: data.description,
        created_at: occurredAt(event),
        global_position: event.globalPosition.toString(),
      };
    });
    await tx
      .insertInto('proctoring_actions')
      .values(rows)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  },
  async reset(tx) {
    await tx.deleteFrom('proctoring_actions').execute();
  },
};

function occurredAt(event: StoredEvent): Date {
  const at = event.metadata.occurredAt;
  if (typeof at === 'string') {
    const parsed = new Date(at);
    if (!Number.isNaN(parsed.getTime())) return parsed;
  }
  return event.recordedAt;
}

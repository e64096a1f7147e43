import {
  type AntiplagiarismSourceRecordedData,
  type EventOf,
  isEvent,
  type StoredEvent,
  unhandledEvent,
} from '@sabaq/events';
import type { Projection } from '../../../platform/projections/projection';
import { txWithTables, type ReadModelTx } from '../../../platform/read-models/database';
import { REPORTS_PROJECTION, TABLES, type AntiplagiarismTables } from './tables';

const HANDLES = [
  'AntiplagiarismCheckSummarized',
  'AntiplagiarismAnswerChecked',
  'AntiplagiarismSourceRecorded',
] as const;

/** A check's summary, answers and sources; rows are keyed by check and answer and never rewritten. */
export const reportsProjection: Projection = {
  name: REPORTS_PROJECTION,
  version: 1,
  handles: HANDLES,
  async apply(tx, events) {
    for (const event of events) if (isEvent(event, ...HANDLES)) await applyOne(tx, event);
  },
  async reset(tx) {
    for (const table of Object.values(TABLES)) await tx.deleteFrom(table).execute();
  },
};

async function applyOne(untyped: ReadModelTx, event: EventOf<(typeof HANDLES)[number]>): Promise<void> {
  const tx = txWithTables<AntiplagiarismTables>(untyped);
  switch (event.type) {
    case 'AntiplagiarismCheckSummarized': {
      const d = event.data;
      await tx
        .insertInto(TABLES.checks)
        .values({
          check_id: d.check_id,
          event_id: event.id,
          school_id: d.school_id,
          assignment_id: d.assignment_id,
          owner_id: d.owner_id,
          mode: d.mode,
          questions: JSON.stringify(d.questions),
          compared_assignments: JSON.stringify(d.compared_assignments),
          answers: d.answers,
          sources: d.sources,
          checked_at: new Date(d.at),
        })
        .onConflict((oc) => oc.column('check_id').doNothing())
        .execute();
      return;
    }
    case 'AntiplagiarismAnswerChecked': {
      const d = event.data;
      await tx
        .insertInto(TABLES.answers)
        .values({
          ...answerColumns(event, d),
          kind: d.kind,
          words: d.words,
          verdict: d.verdict,
          originality: d.originality,
          sources: JSON.stringify(d.sources),
        })
        .onConflict((oc) => oc.columns(['check_id', 'answer_key']).doNothing())
        .execute();
      return;
    }
    case 'AntiplagiarismSourceRecorded': {
      const d = event.data;
      await tx
        .insertInto(TABLES.sources)
        .values(answerColumns(event, d))
        .onConflict((oc) => oc.columns(['check_id', 'answer_key']).doNothing())
        .execute();
      return;
    }
    default:
      return unhandledEvent(event);
  }
}

function answerColumns(event: StoredEvent, d: AntiplagiarismSourceRecordedData) {
  return {
    check_id: d.check_id,
    answer_key: d.answer_key,
    event_id: event.id,
    assignment_id: d.assignment_id,
    student_id: d.student_id,
    component_id: d.component_id,
    text: d.text,
    answered_at: new Date(d.answered_at),
  };
}

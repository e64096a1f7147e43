import type {
  AntiplagiarismAnswerCheckedData,
  AntiplagiarismCheckSummarizedData,
  AntiplagiarismSourceRecordedData,
  AssignmentComponent,
} from '@sabaq/events';
import type { AnswerText, AnswerVerdict } from '../../antiplagiarism/compare/compare-answers';
import { questionTitle } from './gather-answers';

export type CheckResultEvent =
  | { type: 'AntiplagiarismCheckSummarized'; data: AntiplagiarismCheckSummarizedData }
  | { type: 'AntiplagiarismAnswerChecked'; data: AntiplagiarismAnswerCheckedData }
  | { type: 'AntiplagiarismSourceRecorded'; data: AntiplagiarismSourceRecordedData };

/**
 * The events of a finished check: the summary, one event per judged answer (with its text, so the
 * report shows what was compared even after the student answers again) and the text of every answer
 * of another assignment that some answer matched. Pure.
 */
export function checkResultEvents(input: {
  checkId: string;
  schoolId: string;
  ownerId: string;
  assignmentId: string;
  mode: 'flagged' | 'all-text';
  questions: readonly AssignmentComponent[];
  comparedAssignments: readonly string[];
  answers: readonly AnswerText[];
  verdicts: readonly AnswerVerdict[];
  at: string;
}): CheckResultEvent[] {
  const check = { check_id: input.checkId, school_id: input.schoolId, assignment_id: input.assignmentId };
  const byKey = new Map(input.answers.map((a) => [a.key, a]));
  const ref = (a: AnswerText) => ({
    answer_key: a.key,
    assignment_id: a.assignmentId,
    student_id: a.studentId,
    component_id: a.componentId,
    answered_at: a.answeredAt,
  });
  const external = new Set<string>();
  const checked: CheckResultEvent[] = input.verdicts.map((v) => {
    const answer = byKey.get(v.key)!;
    const sources = v.sources.map((s) => {
      const source = byKey.get(s.key)!;
      if (!source.checked) external.add(s.key);
      return { ...ref(source), similarity: s.similarity, fragments: s.fragments };
    });
    return {
      type: 'AntiplagiarismAnswerChecked',
      data: {
        ...check,
        ...ref(answer),
        kind: answer.kind,
        text: answer.text,
        words: v.words,
        verdict: v.verdict,
        originality: v.originality,
        sources,
      },
    };
  });
  const sources: CheckResultEvent[] = [...external].sort().map((key) => {
    const source = byKey.get(key)!;
    return { type: 'AntiplagiarismSourceRecorded', data: { ...check, ...ref(source), text: source.text } };
  });
  const summary: CheckResultEvent = {
    type: 'AntiplagiarismCheckSummarized',
    data: {
      ...check,
      owner_id: input.ownerId,
      mode: input.mode,
      questions: input.questions.map((q) => ({ component_id: q.id, title: questionTitle(q) })),
      compared_assignments: [...input.comparedAssignments],
      answers: input.verdicts.length,
      sources: input.answers.length - input.verdicts.length,
      at: input.at,
    },
  };
  return [summary, ...checked, ...sources];
}

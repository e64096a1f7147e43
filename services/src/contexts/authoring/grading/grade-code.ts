import type { Answer, ComponentContent } from '@sabaq/events';
import type { CodeRunReport, RunCode } from './code-types';
import { RESULT, needsReview, notAnswered, wrong, type Grade } from './result-codes';

type CodeQuestion = Extract<ComponentContent, { component_type: 'code' }>;

/**
 * Code is run against the question's tests by the injected runner. Accepted earns the tests' points;
 * otherwise the points of the tests that passed, or the penalty when none did. Without a runner, or
 * when the runner itself fails, the answer waits for the teacher instead of being marked wrong.
 */
export async function gradeCode(
  question: CodeQuestion,
  answer: Answer<'code'>,
  runCode: RunCode | undefined,
): Promise<Grade> {
  if (answer.source.trim() === '') return notAnswered;
  const { settings, data } = question;
  if (!data.languages.includes(answer.language)) {
    const report: CodeRunReport = {
      verdict: 'error',
      points: 0,
      tests: [],
      message: `Язык ${answer.language} не разрешён в этом задании`,
    };
    return { ...wrong(settings.penalty_points), report };
  }
  if (!runCode) return needsReview;
  let report: CodeRunReport;
  try {
    report = await runCode({ language: answer.language, source: answer.source, tests: data.tests });
  } catch {
    return needsReview;
  }
  const max = data.tests.reduce((sum, t) => sum + t.points, 0);
  const earned = Math.min(Math.max(report.points, 0), max);
  if (report.verdict === 'accepted') return { result: RESULT.true, points: earned, report };
  if (earned > 0) return { result: RESULT.false, points: earned, report };
  return { ...wrong(settings.penalty_points), report };
}

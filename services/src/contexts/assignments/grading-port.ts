import type { AssignmentComponent } from '@sabaq/events';
import { gradeAnswer, type RunCode } from '../authoring';
import type { Grade } from './work/participation-decider';

/**
 * The one place the assignments context meets authoring's grading: an answer to a question copied
 * into the assignment is graded by authoring's pure `gradeAnswer(component, answer)`. Code questions
 * need a code runner; without one (none is wired into ContextServices yet) they wait for the teacher.
 */
export type GradeAnswer = (component: AssignmentComponent, answer: unknown) => Promise<Grade>;

export function gradingPort(runCode?: RunCode): GradeAnswer {
  return async (component, answer) => {
    const grade = await gradeAnswer(
      { component_type: component.type, data: component.data, settings: component.settings ?? {} },
      answer,
      runCode ? { runCode } : {},
    );
    return { result: grade.result, points: grade.points, ...(grade.report ? { report: grade.report } : {}) };
  };
}

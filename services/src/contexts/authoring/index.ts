import type { BoundedContext } from '../../platform/context';
import { authoringProjection } from './read-model/projection';
import { authoringMigrations } from './read-model/tables';
import { authoringRoutes } from './routes';
import { seedAuthoringDemo } from './seed/seed';
import { authoringRecordAccess } from './access-rules';

/** Lessons, quizzes and courses: what teachers build and assignments give to students. */
export const authoringContext: BoundedContext = {
  name: 'authoring',
  recordAccess: authoringRecordAccess,
  migrations: authoringMigrations,
  projections: [authoringProjection],
  routes: (app, services) => authoringRoutes(app, services),
  seed: (services) => seedAuthoringDemo(services),
};

// For the assignments context: grading answers, and the contract with the code runner.
export { gradeAnswer, type GradableComponent } from './grading/grade-answer';
export { RESULT, type Grade, type ResultCode } from './grading/result-codes';
export type { CodeRunReport, CodeSubmission, CodeTestReport, RunCode } from './grading/code-types';
// For the tasks context: the questions import adds a table's questions to a quiz.
export { addQuizQuestions, mayEditQuiz } from './records/add-quiz-questions';

import { answerSchemas, componentContentSchema, isQuestionType } from '@sabaq/events';
import { gradeChoice, gradeDragAndDrop, gradeFillSpace, gradeReviewed } from './auto-graders';
import type { RunCode } from './code-types';
import { gradeCode } from './grade-code';
import { notAnswered, type Grade } from './result-codes';

/** A lesson or quiz component as stored (the read models' rows carry these three fields). */
export interface GradableComponent {
  component_type: string;
  data: unknown;
  settings: unknown;
}

/**
 * Grades one answer to one question, for the assignments context. Free and open answers wait for the
 * teacher (1); choice, fill-space and drag-and-drop are right (3) or wrong (2, penalty applied); code
 * goes to the injected runner. No answer, a blank one, or one of the wrong shape is 0 (undefined).
 */
export async function gradeAnswer(
  component: GradableComponent,
  answer: unknown,
  options: { runCode?: RunCode } = {},
): Promise<Grade> {
  if (!isQuestionType(component.component_type)) {
    throw new Error(`component type ${component.component_type} is not a question`);
  }
  // Normalised as stored: the settings' defaults (points 1, penalty 0) apply to older components too.
  const question = componentContentSchema.parse(component);
  // Each type's answer parsed by its own schema, so the grader is handed that shape.
  const given = answer ?? undefined;
  switch (question.component_type) {
    case 'free':
    case 'open': {
      const parsed = answerSchemas[question.component_type].safeParse(given);
      return parsed.success ? gradeReviewed(parsed.data) : notAnswered;
    }
    case 'choice': {
      const parsed = answerSchemas.choice.safeParse(given);
      return parsed.success ? gradeChoice(question, parsed.data) : notAnswered;
    }
    case 'fill-space': {
      const parsed = answerSchemas['fill-space'].safeParse(given);
      return parsed.success ? gradeFillSpace(question, parsed.data) : notAnswered;
    }
    case 'drag-and-drop': {
      const parsed = answerSchemas['drag-and-drop'].safeParse(given);
      return parsed.success ? gradeDragAndDrop(question, parsed.data) : notAnswered;
    }
    case 'code': {
      const parsed = answerSchemas.code.safeParse(given);
      return parsed.success ? gradeCode(question, parsed.data, options.runCode) : notAnswered;
    }
    default:
      throw new Error(`component type ${question.component_type} is not a question`);
  }
}

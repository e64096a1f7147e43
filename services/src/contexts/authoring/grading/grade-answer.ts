import { answerSchemas, componentContentSchema, isQuestionType, type QuestionType } from '@sabaq/events';
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
  const parsed = answerSchemas[component.component_type as QuestionType].safeParse(answer ?? undefined);
  if (!parsed.success) return notAnswered;
  switch (question.component_type) {
    case 'free':
    case 'open':
      return gradeReviewed(parsed.data as { text: string; attachments: string[] });
    case 'choice':
      return gradeChoice(question, parsed.data as { selected: string[] });
    case 'fill-space':
      return gradeFillSpace(question, parsed.data as { gaps: Record<string, string> });
    case 'drag-and-drop':
      return gradeDragAndDrop(question, parsed.data as { placements: Record<string, string> });
    case 'code':
      return gradeCode(
        question,
        parsed.data as { language: 'javascript' | 'python'; source: string },
        options.runCode,
      );
    default:
      throw new Error(`component type ${question.component_type} is not a question`);
  }
}

import type { AnswerProps } from './answer-props';
import { ChoiceAnswer } from './choice-answer';
import { CodeAnswer } from './code-answer';
import { FillSpaceAnswer } from './fill-space-answer';
import { MatchAnswer } from './match-answer';
import { TextAnswer } from './text-answer';

/** The answer controls of each question type the API grades (authoring-components.ts answerSchemas). */
export function QuestionAnswer(props: AnswerProps) {
  switch (props.component.type) {
    case 'choice':
      return <ChoiceAnswer {...props} />;
    case 'fill-space':
      return <FillSpaceAnswer {...props} />;
    case 'drag-and-drop':
      return <MatchAnswer {...props} />;
    case 'code':
      return <CodeAnswer {...props} />;
    default:
      return <TextAnswer {...props} />;
  }
}

import type { ReactNode } from 'react';
import type { Answer, WorkComponent } from '../../model';

export interface AnswerProps {
  component: WorkComponent;
  value: Answer | undefined;
  onChange: (answer: Answer) => void;
  disabled: boolean;
  /** The question's text as plain text: the accessible name of the answer's controls. */
  label: string;
  /** The question's text as shown (rich text, formulas typeset). */
  title: ReactNode;
}

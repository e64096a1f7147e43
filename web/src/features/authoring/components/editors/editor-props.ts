import type { QuizComponent } from '../../model';

export interface EditorProps {
  component: QuizComponent;
  /** Replaces the component's data (the settings have their own form). */
  onData: (data: Record<string, unknown>) => void;
  /** The platform's field errors for this component, by path inside it (`data.options`, …). */
  errors: Record<string, string>;
}

export const dataOf = <T>(component: QuizComponent) => component.data as T;

import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isQuestion, type WorkComponent } from '../model';

/** Numbered buttons for the questions (and a mark for each material); the current one is pressed. */
export function QuestionNav({
  steps,
  current,
  answered,
  locked,
  onGo,
}: {
  steps: WorkComponent[];
  current: number;
  answered: Set<string>;
  /** Strict order (is_straight_answer): only the current step is reachable from here. */
  locked: boolean;
  onGo: (index: number) => void;
}) {
  const { t } = useTranslation();
  let number = 0;
  return (
    <nav aria-label={t('work.take.navigation')}>
      <Group gap={6}>
        {steps.map((step, index) => {
          const question = isQuestion(step.type);
          if (question) number += 1;
          const done = answered.has(step.id);
          const label = question
            ? t(done ? 'work.take.navAnswered' : 'work.take.navUnanswered', { number })
            : t('work.take.navMaterial');
          return (
            <Button
              key={step.id}
              size="compact-sm"
              miw={36}
              variant={index === current ? 'filled' : done ? 'light' : 'default'}
              color={done && index !== current ? 'green' : undefined}
              aria-current={index === current ? 'step' : undefined}
              aria-label={label}
              title={label}
              disabled={locked && index !== current}
              onClick={() => onGo(index)}
              data-testid="question-nav-item"
            >
              {question ? number : '§'}
            </Button>
          );
        })}
      </Group>
    </nav>
  );
}

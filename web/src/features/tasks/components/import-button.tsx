import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTasksText } from '../i18n/use-tasks-text';
import type { Task } from '../model';
import { ImportWizard, type ImportTarget } from './import-wizard';

/** The button that opens an import wizard, for a page's toolbar. */
export function ImportButton({
  target,
  onStarted,
}: {
  target: ImportTarget;
  onStarted?: (task: Task) => void;
}) {
  const text = useTasksText();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)} data-testid={`import-${target.kind}`}>
        {text(target.kind === 'students' ? 'wizard.studentsButton' : 'wizard.questionsButton')}
      </Button>
      <ImportWizard target={target} opened={opened} onClose={() => setOpened(false)} onStarted={onStarted} />
    </>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { peopleKeys } from '../../features/people/api';
import { PeopleListPage } from '../../features/people';
import { ImportWizard, useStudentsImportLabel, useWhenTaskEnds } from '../../features/tasks';

/** The manager's students list with the students import wizard (features/tasks) in its toolbar. */
export function StudentsListWithImport() {
  const label = useStudentsImportLabel();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [task, setTask] = useState<string | null>(null);
  // The list shows the new students once the import has ended.
  useWhenTaskEnds(task, () => void queryClient.invalidateQueries({ queryKey: peopleKeys.all('students') }));
  return (
    <>
      <PeopleListPage
        key="index"
        collection="students"
        mode="index"
        toolbar={[{ key: 'import', label, onClick: () => setOpened(true), variant: 'light' }]}
      />
      <ImportWizard
        target={{ kind: 'students' }}
        opened={opened}
        onClose={() => setOpened(false)}
        onStarted={(started) => setTask(started.id)}
      />
    </>
  );
}

import { useTasksText } from '../i18n/use-tasks-text';

/** The students import's button label, for a page whose toolbar opens the wizard itself. */
export function useStudentsImportLabel(): string {
  return useTasksText()('wizard.studentsButton');
}

/** Background tasks in the web app: the task modal, the import wizards and the results export (docs/tasks.md). */
export { TaskModalHost } from './components/task-modal';
export { TaskStateIcon } from './components/task-state-icon';
export { ImportButton } from './components/import-button';
export { ImportWizard } from './components/import-wizard';
export { useStudentsImportLabel } from './components/import-labels';
export { ExportResultsButton } from './components/export-results-button';
export { useTaskModal } from './task-modal-store';
export type { Task, TaskState } from './model';
export { useWhenTaskEnds } from './use-when-task-ends';

import { featureText } from '../../../shared/i18n/feature-text';
import { en } from './en';
import { kz } from './kz';
import { ru, type TasksMessages } from './ru';

/** The task modal's and the wizards' texts, the feature's own i18next namespace. */
export const { useText: useTasksText, text: tasksText } = featureText<TasksMessages>('tasks', { ru, en, kz });

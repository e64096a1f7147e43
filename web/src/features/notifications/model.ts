import { i18n } from '../../shared/i18n';
import { featureText } from '../../shared/i18n/feature-text';
import { LOCALE_TAGS } from '../../shared/i18n/locales';
import { en } from './i18n/en';
import { kz } from './i18n/kz';
import { ru, type NotificationMessages } from './i18n/ru';

/** A notification as the API and the live push carry it: type and parameters, no rendered text. */
export interface Notification {
  id: string | number;
  type?: string | null;
  parameters?: Record<string, string | number | boolean | null> | null;
  name?: string | null;
  description?: string | null;
  is_read?: boolean;
  created_at: string;
}

/** Types this client can word; a push of another kind was never stored as a notification. */
export function isStoredNotification(item: Notification): boolean {
  return typeof item.type === 'string' && item.type in ru.types;
}

// The words are the feature's i18next namespace; the templates are read whole because a result told
// without points shortens its template before filling it.
const { namespace } = featureText<NotificationMessages>('notifications', { ru, en, kz });

function fill(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? '')).trim();
}

/** The words of this module in a language, falling back to Russian. */
export function messagesFor(language: string): NotificationMessages {
  return (i18n.getResourceBundle(language, namespace) as NotificationMessages | undefined) ?? ru;
}

/**
 * The name and description in the reader's language, built from type and parameters (000 §3). A type
 * this client does not know shows what the server sent, and an unnamed item gets the default label.
 */
export function notificationText(
  item: Notification,
  language: string,
): { name: string | null; description: string | null } {
  const words = messagesFor(language);
  const type = item.type as keyof NotificationMessages['types'] | undefined;
  const template = type ? words.types[type] : undefined;
  if (!template) return { name: item.name ?? null, description: item.description ?? null };
  const p = { ...(item.parameters ?? {}) } as Record<string, unknown>;
  if (type === 'task_finished')
    p.status = p.status === 'completed' ? words.status.completed : words.status.failure;
  if (type === 'student_registered' && !p.student_name) p.student_name = words.someone;
  if (type === 'assignment_rescheduled') {
    p.starting_at = moment(p.starting_at, language);
    p.ending_at = moment(p.ending_at, language);
  }
  // A result told without points (the assignment shows results, not scores): the name alone.
  const unscored = (type === 'result_scored' || type === 'result_reviewed') && p.score == null;
  const description = fill(unscored ? template.description.split(':')[0]! : template.description, p);
  return { name: template.name, description: description.replace(/^«»:?\s*/, '') || null };
}

/** A stored instant as the reader reads dates, in their own time zone; '' when there is none. */
function moment(value: unknown, language: string): string {
  if (typeof value !== 'string') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat((LOCALE_TAGS as Record<string, string>)[language] ?? LOCALE_TAGS.ru, {
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(date);
}

/** Where a notification leads, by the reader's area; null when it is about nothing to open. */
export function notificationLink(item: Notification, area: string): string | null {
  const p = item.parameters ?? {};
  const id = (key: string) => (typeof p[key] === 'string' ? encodeURIComponent(p[key]) : null);
  switch (item.type) {
    case 'assignment_given':
    case 'result_scored':
    case 'result_reviewed':
    case 'proctor_message':
    case 'proctor_warning':
    case 'exam_suspended':
    case 'exam_resumed':
    case 'exam_stopped':
    case 'assignment_suspended':
    case 'assignment_resumed':
    case 'assignment_finished':
    case 'assignment_rescheduled':
      return id('assignment_id') ? `/${area}/assignments/${id('assignment_id')}` : null;
    case 'certificate_issued':
      return area === 's' ? '/s/certificates' : null;
    case 'student_registered':
      return id('class_id') ? `/${area}/classes/${id('class_id')}` : null;
    default:
      return null;
  }
}

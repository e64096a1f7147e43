import { ValidationError } from '../../../platform/errors';

export interface DashboardRange {
  from: Date;
  /** Exclusive. */
  to: Date;
}

const DAY_MS = 86_400_000;
/** Without `from`, the dashboard shows the last 30 days up to `to`. */
export const DEFAULT_DAYS = 30;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * `from` and `to` are dates (`2026-11-01`, UTC days; `to` includes its whole day) or ISO date-times with
 * a zone. Without them: the last 30 days up to now.
 */
export function dashboardRange(from: string | undefined, to: string | undefined, now: Date): DashboardRange {
  const errors: Record<string, string[]> = {};
  const end = to === undefined ? now : parse(to, 'end');
  if (end === undefined) errors.to = ['Дата в формате ГГГГ-ММ-ДД или ISO 8601'];
  const start = from === undefined ? undefined : parse(from, 'start');
  if (from !== undefined && start === undefined) errors.from = ['Дата в формате ГГГГ-ММ-ДД или ISO 8601'];
  if (Object.keys(errors).length > 0) throw new ValidationError('Неверный период', errors);
  const range = { from: start ?? new Date(end!.getTime() - DEFAULT_DAYS * DAY_MS), to: end! };
  if (range.from.getTime() >= range.to.getTime()) {
    throw new ValidationError('Неверный период', { to: ['Конец периода должен быть позже начала'] });
  }
  return range;
}

function parse(value: string, edge: 'start' | 'end'): Date | undefined {
  if (DATE_ONLY.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return undefined;
    return edge === 'end' ? new Date(day.getTime() + DAY_MS) : day;
  }
  if (!DATE_TIME.test(value)) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

import {
  CERTIFICATE_VARIABLES,
  type CertificateElement,
  type UserCertificateChangeData,
  type UserCertificateIssuedData,
} from '@sabaq/events';
import { DomainError, NotFoundError } from '../../../platform/errors';
import { certificateDate, certificateNumber } from './certificate-number';

/**
 * The template stream's issuing rules: each issue takes the next number of the template's counter
 * (decided against the stream's version, so two issues can never take one number or skip one), one
 * certificate per assignment and student, revoke and restore. The template's own create / edit /
 * delete come from the record API (its generic record decider) on the same stream; here they only
 * shape the state. Pure.
 */
export type TemplateEvent =
  | { type: 'CertificateCreated'; data: Record<string, unknown> & { id: string } }
  | { type: 'CertificateUpdated'; data: { id: string; changes: Record<string, unknown> } }
  | { type: 'CertificateDeleted'; data: { id: string } }
  | { type: 'UserCertificateIssued'; data: UserCertificateIssuedData }
  | { type: 'UserCertificateRevoked'; data: UserCertificateChangeData }
  | { type: 'UserCertificateRestored'; data: UserCertificateChangeData };

/** What the platform knows about the student and the assignment when it issues (issuing/facts.ts). */
export interface IssueFacts {
  fullname: string;
  subject: string;
  points: string;
  companyName: string;
  companyLogo: string;
}

export type TemplateCommand =
  | {
      type: 'Issue';
      id: string;
      userId: string;
      /** What the certificate is for: an assignment, or (assignmentId null) a course finished. */
      assignmentId: string | null;
      courseId?: string | null;
      schoolId: string | null;
      facts: IssueFacts;
      /** Drawn by the caller (issuing/report-token.ts), so the decider stays pure. */
      reportToken: string;
      at: string;
      by: string | null;
    }
  | { type: 'Revoke'; id: string; at: string; by: string | null }
  | { type: 'Restore'; id: string; at: string; by: string | null };

interface Issued {
  userId: string;
  key: string;
  active: boolean;
}

export interface TemplateState {
  status: 'absent' | 'live' | 'deleted';
  templateId: string;
  /** The school the template was made in (its creation's metadata): it issues for that school only. */
  schoolId: string | null;
  name: string;
  serialNumber: string;
  elements: CertificateElement[];
  meta: Record<string, unknown>;
  /** The last number issued (or the count carried over when the template was made). */
  counter: number;
  issued: Record<string, Issued>;
  /** `assignment:user` (or `course:<course>:user`) → the certificate issued for it. */
  byKey: Record<string, string>;
}

export const initialTemplateState: TemplateState = {
  status: 'absent',
  templateId: '',
  schoolId: null,
  name: '',
  serialNumber: '',
  elements: [],
  meta: {},
  counter: 0,
  issued: {},
  byKey: {},
};

/** One certificate per template, student and what it is for: a course's key cannot meet an assignment's. */
const keyOf = (assignmentId: string | null, userId: string, courseId?: string | null) =>
  courseId ? `course:${courseId}:${userId}` : `${assignmentId ?? ''}:${userId}`;
const BUILT_IN = new Set<string>(CERTIFICATE_VARIABLES);

export function decideTemplate(command: TemplateCommand, state: TemplateState): TemplateEvent[] {
  switch (command.type) {
    case 'Issue': {
      // Already issued for this assignment and student (active or revoked): the same certificate stays.
      if (state.byKey[keyOf(command.assignmentId, command.userId, command.courseId)] !== undefined) return [];
      if (state.status === 'absent') throw new NotFoundError('Шаблон сертификата не найден');
      if (state.status === 'deleted') throw new DomainError('Шаблон сертификата удалён', 409);
      // An assignment may name any id as its template: another school's never issues here.
      if (state.schoolId !== command.schoolId) throw new DomainError('Шаблон сертификата другой школы', 422);
      const number = state.counter + 1;
      const formatted = certificateNumber(state.serialNumber, number);
      return [
        {
          type: 'UserCertificateIssued',
          data: {
            id: command.id,
            certificate_id: state.templateId,
            user_id: command.userId,
            assignment_id: command.assignmentId,
            ...(command.courseId ? { course_id: command.courseId } : {}),
            school_id: command.schoolId,
            number,
            certificate_number: formatted,
            name: state.name,
            placeholders: placeholdersOf(state.elements, command.facts, formatted, command.at),
            meta: state.meta,
            issued_at: command.at,
            issued_by: command.by,
            report_token: command.reportToken,
          },
        },
      ];
    }
    case 'Revoke':
    case 'Restore': {
      const issued = state.issued[command.id];
      if (!issued) throw new NotFoundError('Сертификат не найден');
      const wanted = command.type === 'Restore';
      // Revoking a revoked certificate, or restoring an active one, changes nothing.
      if (issued.active === wanted) return [];
      const data = {
        id: command.id,
        certificate_id: state.templateId,
        user_id: issued.userId,
        at: command.at,
        by: command.by,
      };
      return [wanted ? { type: 'UserCertificateRestored', data } : { type: 'UserCertificateRevoked', data }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export function evolveTemplate(
  state: TemplateState,
  event: { type: string; data: unknown; metadata?: Record<string, unknown> },
): TemplateState {
  const e = event as TemplateEvent;
  switch (e.type) {
    case 'CertificateCreated':
      return {
        ...state,
        status: 'live',
        templateId: e.data.id,
        schoolId: typeof event.metadata?.schoolId === 'string' ? event.metadata.schoolId : null,
        name: String(e.data.name),
        serialNumber: String(e.data.serial_number ?? ''),
        elements: (e.data.elements ?? []) as CertificateElement[],
        meta: (e.data.meta ?? {}) as Record<string, unknown>,
        counter: Number(e.data.serial_counter ?? 0),
      };
    case 'CertificateUpdated': {
      const c = e.data.changes;
      return {
        ...state,
        name: typeof c.name === 'string' ? c.name : state.name,
        serialNumber: typeof c.serial_number === 'string' ? c.serial_number : state.serialNumber,
        elements: Array.isArray(c.elements) ? (c.elements as CertificateElement[]) : state.elements,
        meta: c.meta && typeof c.meta === 'object' ? (c.meta as Record<string, unknown>) : state.meta,
      };
    }
    case 'CertificateDeleted':
      return { ...state, status: 'deleted' };
    case 'UserCertificateIssued': {
      const key = keyOf(e.data.assignment_id, e.data.user_id, e.data.course_id);
      return {
        ...state,
        counter: Math.max(state.counter, e.data.number),
        issued: { ...state.issued, [e.data.id]: { userId: e.data.user_id, key, active: true } },
        byKey: { ...state.byKey, [key]: e.data.id },
      };
    }
    case 'UserCertificateRevoked':
    case 'UserCertificateRestored': {
      const issued = state.issued[e.data.id];
      if (!issued) return state;
      const active = e.type === 'UserCertificateRestored';
      return { ...state, issued: { ...state.issued, [e.data.id]: { ...issued, active } } };
    }
    default:
      return state;
  }
}

/**
 * The value of every variable the template shows, fixed at the moment of issue: built-in variables
 * from the facts, custom ones from their element's label.
 */
export function placeholdersOf(
  elements: readonly CertificateElement[],
  facts: IssueFacts,
  formattedNumber: string,
  at: string,
): Record<string, string> {
  const values: Record<string, string> = {
    'qr-code': formattedNumber,
    subject: facts.subject,
    points: facts.points,
    date: certificateDate(at),
    fullname: facts.fullname,
    'company-name': facts.companyName,
    'company-logo': facts.companyLogo,
    certificate_number: formattedNumber,
  };
  for (const element of elements) {
    if (!BUILT_IN.has(element.variable)) values[element.variable] = element.label ?? '';
  }
  return values;
}

import { z } from 'zod';
import { instant } from '../instants';
import { freeJsonObject } from '../free-json';
import { defineContract, defineEvent } from '../registry';
import { recordEvents } from './reference';

/**
 * Certificates (specification 001 §3): a teacher's template and the certificates issued from it. One
 * stream per template, `certificate-<id>`: the template's own record events and every issue, revoke
 * and restore, so the template's serial counter is decided against one stream and numbers can have
 * neither gaps nor duplicates.
 */
const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Ожидаются латинские буквы, цифры, "-" или "_"');
const at = instant();
/** JSON that PostgreSQL's jsonb can store: no NUL and no lone surrogate at any depth. */
const json = freeJsonObject();
const text = (max: number) => z.string().max(max).nullable().default(null);

/** Variables the platform fills in itself when it issues a certificate; any other name is custom. */
export const CERTIFICATE_VARIABLES = [
  'qr-code',
  'subject',
  'points',
  'date',
  'fullname',
  'company-name',
  'company-logo',
  'certificate_number',
] as const;
export type CertificateVariable = (typeof CERTIFICATE_VARIABLES)[number];

export const certificateElementStylesSchema = z
  .object({
    color: z.string().max(32).nullable().default(null),
    font_family: z.string().max(100).nullable().default(null),
    font_size: z.number().min(1).max(500).nullable().default(null),
    font_weight: z
      .union([z.string().max(16), z.number().int().min(100).max(900)])
      .nullable()
      .default(null),
    align: z.enum(['left', 'center', 'right']).default('center'),
    valign: z.enum(['top', 'middle', 'bottom']).default('middle'),
  })
  .prefault({});

/** An element of the template: a text or picture bound to a variable (001 §3 "Element"). */
export const certificateElementSchema = z.object({
  generated_id: z.string().max(64).nullable().default(null),
  variable: z
    .string()
    .trim()
    .min(1, 'Укажите переменную')
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'Ожидаются латинские буквы, цифры, "-" или "_"'),
  type: z.enum(['text', 'image', 'qr-code']).default('text'),
  name: text(255),
  /** The text shown for a custom variable (and a caption for built-in ones). */
  label: text(2000),
  image: text(2048),
  /** Where it sits: x, y, width, height in per cent of the sheet (the renderer's defaults otherwise). */
  options: json.default({}),
  styles: certificateElementStylesSchema,
  is_active: z.boolean().default(true),
  /** True for the built-in variables; set by the platform, whatever is sent. */
  is_native: z.boolean().default(false),
});
export type CertificateElement = z.infer<typeof certificateElementSchema>;

/** The template a teacher designs (001 §3 "Certificate"). */
export const certificateTemplateSchema = z.object({
  image: text(2048),
  name: z.string().trim().min(1, 'Введите название').max(255),
  description: text(20_000),
  /** The prefix of every number issued from this template: `KZ-2026-` gives KZ-2026-000001. */
  serial_number: z
    .string()
    .trim()
    .max(32)
    .regex(/^[A-Za-zА-Яа-яЁё0-9 ._/№-]*$/, 'Недопустимые символы в серии')
    .default(''),
  /** How many numbers were issued before (e.g. on paper): the next one is this plus one. Set once. */
  serial_counter: z.int().min(0).max(1_000_000_000).default(0),
  elements: z.array(certificateElementSchema).max(100).default([]),
  meta: json.default({}),
  styles: json.default({}),
  coefficient: z.number().min(0.1).max(10).default(1),
});
export type CertificateTemplate = z.infer<typeof certificateTemplateSchema>;

/** Template edits: the counter moves only by issuing, never by an edit. */
export const certificateTemplateEditSchema = certificateTemplateSchema.omit({ serial_counter: true });

export const CertificateEvents = recordEvents('Certificate', certificateTemplateSchema);

/** Values of the variables at the moment of issue: an issued certificate never changes afterwards. */
const placeholders = z.record(z.string().max(64), z.string().max(5000));

export const UserCertificateIssued = defineEvent({
  type: 'UserCertificateIssued',
  version: 1,
  // A report token is a bearer secret (whoever holds it reads the report): never copied out of the store.
  redact: ['report_token'],
  schema: z.object({
    id,
    certificate_id: id,
    user_id: id,
    assignment_id: id.nullable(),
    /** The course finished, for a course's certificate (then assignment_id is null); absent before courses issued. */
    course_id: id.nullable().optional(),
    school_id: id.nullable(),
    /** The template's counter after this issue: numbers run 1, 2, 3 … with no gap. */
    number: z.int().min(1),
    certificate_number: z.string().min(1).max(64),
    name: z.string().min(1).max(255),
    placeholders,
    meta: json,
    issued_at: at,
    /** Who issued it; null when the assignment's settings issued it automatically. */
    issued_by: id.nullable(),
    /**
     * The unguessable token of the certificate's public report (`/report/{token}`, its QR code).
     * Optional: certificates issued before reports existed have none (their QR code is the JSON check).
     */
    report_token: z
      .string()
      .min(16)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional(),
  }),
});
const change = z.object({ id, certificate_id: id, user_id: id, at, by: id.nullable() });
export const UserCertificateRevoked = defineEvent({
  type: 'UserCertificateRevoked',
  version: 1,
  schema: change,
});
export const UserCertificateRestored = defineEvent({
  type: 'UserCertificateRestored',
  version: 1,
  schema: change,
});

/**
 * A teacher's share link to one attempt's public report (assignment setting `certificate.show_report`).
 * One stream per attempt, `report_link-<attemptId>`: at most one live link, revocable; sharing again
 * after a revoke makes a new token, so a revoked link never comes back.
 */
const token = z
  .string()
  .min(16)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
export const ReportLinkShared = defineEvent({
  type: 'ReportLinkShared',
  version: 1,
  redact: ['token'],
  schema: z.object({
    token,
    attempt_id: id,
    assignment_id: id,
    student_id: id,
    school_id: id,
    shared_by: id,
    at,
  }),
});
export const ReportLinkRevoked = defineEvent({
  type: 'ReportLinkRevoked',
  version: 1,
  redact: ['token'],
  schema: z.object({ token, attempt_id: id, by: id, at }),
});

export type CertificateCreatedData = z.infer<typeof CertificateEvents.created.schema>;
export type CertificateUpdatedData = z.infer<typeof CertificateEvents.updated.schema>;
export type UserCertificateIssuedData = z.infer<typeof UserCertificateIssued.schema>;
export type UserCertificateChangeData = z.infer<typeof change>;
export type ReportLinkSharedData = z.infer<typeof ReportLinkShared.schema>;
export type ReportLinkRevokedData = z.infer<typeof ReportLinkRevoked.schema>;

export const certificatesContract = defineContract({
  context: 'certificates',
  categories: ['certificate', 'report_link'],
  events: [
    CertificateEvents.created,
    CertificateEvents.updated,
    CertificateEvents.deleted,
    UserCertificateIssued,
    UserCertificateRevoked,
    UserCertificateRestored,
    ReportLinkShared,
    ReportLinkRevoked,
  ],
});

/**
 * `GET /api/report/{token}`: what a public report page may show, and nothing more: no answers, no
 * photos, no recordings, no user ids. `certificate` is null for a shared attempt link; `proctoring` is
 * null when the assignment is not proctored or its settings hide the report (`show_report`).
 */
export interface PublicReport {
  kind: 'certificate' | 'attempt';
  school: { name: string; logo: string | null };
  assignment: { name: string };
  student: { name: string };
  /** When the certificate was issued, or when the attempt finished (started, if it has not). */
  date: string;
  /** Null for a revoked certificate: what it certified no longer stands. */
  score: { points: number; max: number; percent: number } | null;
  /** Finished, and every certificate condition of the assignment holds (finishing, when none). */
  passed: boolean | null;
  certificate: { number: string; issued_at: string; is_valid: boolean } | null;
  proctoring: PublicProctoringSummary | null;
}

export interface PublicProctoringSummary {
  /** The credibility score, 0–100 (docs/proctoring.md). */
  credibility: number;
  /** Intervals per type that a reviewer has not dismissed; violations first. */
  types: { type: string; kind: 'violation' | 'warning'; intervals: number; seconds: number }[];
}

/** The teacher's share link of one attempt (`/api/assignments/{id}/attempts/{attempt}/report-link.json`). */
export interface ReportLink {
  token: string;
  /** The web page to share: `/report/{token}` on the app's own address. */
  path: string;
  shared_at: string;
  shared_by: string;
}

/** The platform fills these in itself when it issues (001 §3); any other variable is custom. */
export const BUILT_IN_VARIABLES = [
  'fullname',
  'subject',
  'points',
  'date',
  'certificate_number',
  'company-name',
  'company-logo',
  'qr-code',
] as const;
export type BuiltInVariable = (typeof BUILT_IN_VARIABLES)[number];
/** What the editor offers to add: the built-in variables and a custom text. */
export const VARIABLE_CHOICES = [...BUILT_IN_VARIABLES, 'custom'] as const;

export type ElementType = 'text' | 'image' | 'qr-code';
export type Align = 'left' | 'center' | 'right';
export type VAlign = 'top' | 'middle' | 'bottom';

/** Where an element sits: per cent of the sheet, as the renderer reads `options`. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ElementStyles {
  color: string | null;
  font_family: string | null;
  font_size: number | null;
  font_weight: string | number | null;
  align: Align;
  valign: VAlign;
}

/** An element as the editor holds it (and the API answers it, 001 §3 "Element"). */
export interface TemplateElement {
  generated_id: string | null;
  variable: string;
  type: ElementType;
  name: string | null;
  label: string | null;
  image: string | null;
  options: Box;
  styles: ElementStyles;
  is_active: boolean;
}

/** A template as GET /api/certificates answers it. */
export interface CertificateTemplate {
  id: string;
  owner_id: string;
  image: string | null;
  name: string;
  description: string | null;
  serial_number: string;
  serial_counter: number;
  elements: (Partial<TemplateElement> & { variable: string })[];
  created_at?: string;
  updated_at?: string;
}

/** The editor's draft: the record's own fields and its elements in the editor's shape. */
export interface TemplateDraft {
  name: string;
  description: string;
  serial_number: string;
  serial_counter: number;
  image: string | null;
  elements: TemplateElement[];
}

export const isBuiltIn = (variable: string): variable is BuiltInVariable =>
  (BUILT_IN_VARIABLES as readonly string[]).includes(variable);

/** The type a built-in variable draws as: the logo is a picture, the QR code a code, the rest text. */
export function typeOfVariable(variable: string): ElementType {
  if (variable === 'qr-code') return 'qr-code';
  if (variable === 'company-logo') return 'image';
  return 'text';
}

/** Where a new element lands: a sensible place per variable, so a fresh template already reads well. */
const DEFAULT_BOXES: Record<BuiltInVariable, Box> = {
  fullname: { x: 10, y: 38, width: 80, height: 10 },
  subject: { x: 10, y: 52, width: 80, height: 7 },
  points: { x: 10, y: 61, width: 80, height: 5 },
  date: { x: 8, y: 84, width: 25, height: 5 },
  certificate_number: { x: 8, y: 90, width: 25, height: 5 },
  'company-name': { x: 10, y: 12, width: 80, height: 7 },
  'company-logo': { x: 44, y: 20, width: 12, height: 14 },
  'qr-code': { x: 80, y: 70, width: 14, height: 20 },
};

const DEFAULT_STYLES: ElementStyles = {
  color: '#1a1a1a',
  font_family: 'DejaVu Sans',
  font_size: 28,
  font_weight: null,
  align: 'center',
  valign: 'middle',
};

/** A new element bound to a variable; custom ones get their label, shown as the text. */
export function newElement(variable: string, label = '', id = randomId()): TemplateElement {
  const builtIn = isBuiltIn(variable);
  return {
    generated_id: id,
    variable,
    type: typeOfVariable(variable),
    name: null,
    label: builtIn ? null : label,
    image: null,
    options: builtIn ? { ...DEFAULT_BOXES[variable] } : { x: 20, y: 70, width: 60, height: 6 },
    styles: {
      ...DEFAULT_STYLES,
      ...(variable === 'fullname' ? { font_size: 40, font_weight: 'bold' } : {}),
      ...(variable === 'date' || variable === 'certificate_number' ? { font_size: 18, align: 'left' } : {}),
    },
    is_active: true,
  };
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);
const round = (value: number) => Math.round(value * 10) / 10;
const numberOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** A box kept on the sheet: at least 1 % each way, never past an edge; tenths of a per cent. */
export function clampBox(box: Box): Box {
  const width = round(clamp(box.width, 1, 100));
  const height = round(clamp(box.height, 1, 100));
  return {
    x: round(clamp(box.x, 0, 100 - width)),
    y: round(clamp(box.y, 0, 100 - height)),
    width,
    height,
  };
}

/** The box moved by a drag of (dx, dy) per cent, still on the sheet. */
export const movedBox = (box: Box, dx: number, dy: number): Box =>
  clampBox({ ...box, x: box.x + dx, y: box.y + dy });

/** The box resized from its bottom-right corner by (dx, dy) per cent, still on the sheet. */
export const resizedBox = (box: Box, dx: number, dy: number): Box =>
  clampBox({
    ...box,
    width: Math.min(box.width + dx, 100 - box.x),
    height: Math.min(box.height + dy, 100 - box.y),
  });

/** A stored element in the editor's shape: defaults for whatever an older or hand-made one lacks. */
export function elementOf(
  stored: Partial<TemplateElement> & { variable: string },
  index: number,
): TemplateElement {
  const base = newElement(stored.variable, stored.label ?? '', stored.generated_id ?? `element-${index + 1}`);
  const o = (stored.options ?? {}) as Partial<Box>;
  return {
    ...base,
    type: stored.type ?? base.type,
    name: stored.name ?? null,
    label: stored.label ?? null,
    image: stored.image ?? null,
    is_active: stored.is_active ?? true,
    options: clampBox({
      x: numberOr(o.x, base.options.x),
      y: numberOr(o.y, base.options.y),
      width: numberOr(o.width, base.options.width),
      height: numberOr(o.height, base.options.height),
    }),
    styles: { ...base.styles, ...(stored.styles ?? {}) },
  };
}

export function emptyDraft(): TemplateDraft {
  return {
    name: '',
    description: '',
    serial_number: '',
    serial_counter: 0,
    image: null,
    elements: (['company-name', 'fullname', 'subject', 'date', 'certificate_number', 'qr-code'] as const).map(
      (variable) => newElement(variable),
    ),
  };
}

export function draftOf(template: CertificateTemplate): TemplateDraft {
  return {
    name: template.name,
    description: template.description ?? '',
    serial_number: template.serial_number ?? '',
    serial_counter: template.serial_counter ?? 0,
    image: template.image ?? null,
    elements: template.elements.map(elementOf),
  };
}

/** Elements as the API takes them: the platform sets is_native itself; a blank label is null. */
const elementsBody = (elements: readonly TemplateElement[]) =>
  elements.map((e) => ({
    ...e,
    label: e.label?.trim() ? e.label : null,
    image: e.type === 'image' && e.image?.trim() ? e.image.trim() : null,
  }));

/**
 * The body of a save: everything on create; on an edit only what changed (000 §7), never the
 * counter, which moves only by issuing.
 */
export function templateBody(draft: TemplateDraft, saved?: TemplateDraft): Record<string, unknown> {
  const full: Record<string, unknown> = {
    name: draft.name.trim(),
    description: draft.description.trim() || null,
    serial_number: draft.serial_number.trim(),
    image: draft.image?.trim() || null,
    elements: elementsBody(draft.elements),
  };
  if (!saved) return { ...full, serial_counter: draft.serial_counter };
  const before = templateBody(saved);
  return Object.fromEntries(
    Object.entries(full).filter(([key, value]) => JSON.stringify(before[key]) !== JSON.stringify(value)),
  );
}

/** What the preview draws: the layout, and the values the teacher's language gives the samples. */
export function previewBody(
  draft: Pick<TemplateDraft, 'image' | 'elements'>,
  samples: Record<string, string>,
) {
  return {
    image: draft.image?.trim() || null,
    elements: elementsBody(draft.elements),
    placeholders: samples,
  };
}

/** A custom variable's name from the teacher's label: latin letters, digits, "-" and "_" only. */
export function customVariable(taken: readonly string[]): string {
  for (let n = 1; ; n++) {
    const name = `custom-${n}`;
    if (!taken.includes(name)) return name;
  }
}

function randomId(): string {
  return Math.random().toString(36).slice(2, 10);
}

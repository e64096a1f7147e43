/** A background task as the platform answers it (docs/tasks.md "API"). */
export const TASK_STATES = ['new', 'process', 'suspended', 'completed', 'failure'] as const;
export type TaskState = (typeof TASK_STATES)[number];

export interface TaskFile {
  file_name: string;
  size: number;
  content_type: string;
  url: string;
}

export interface Task {
  id: string;
  owner_id: string;
  kind: string;
  state: TaskState;
  name: string;
  description: string | null;
  progress: number;
  data: { total: number; processed: number };
  appendix: string | null;
  error: string | null;
  file: TaskFile | null;
  created_at: string;
  updated_at: string;
}

export type TaskAction = 'suspend' | 'resume' | 'abort';

/** What the owner may do in each state (001 §4): the others answer 409. */
export function actionsOf(state: TaskState): TaskAction[] {
  if (state === 'new' || state === 'process') return ['suspend', 'abort'];
  if (state === 'suspended') return ['resume', 'abort'];
  return [];
}

export const isImport = (kind: string) => kind === 'students-import' || kind === 'questions-import';

/** The import wizards' upload: the file saved, its first lines and the guessed mapping (docs/tasks.md). */
export interface ImportUpload {
  id: string;
  file_name: string;
  format: 'csv' | 'xlsx';
  header: string[];
  rows: string[][];
  total: number;
  fields: { field: string; title: string; required: boolean }[];
  columns: Record<string, number>;
}

/** The report's rows that failed: [row number, reason]. The report is `;`-separated CSV with quotes. */
export function failedRows(reportCsv: string): { row: string; reason: string }[] {
  const [header, ...lines] = parseSemicolonCsv(reportCsv.replace(/^\uFEFF/, ''));
  if (!header) return [];
  const reasonAt = header.length - 1;
  return lines
    .filter((cells) => cells[1] === 'ошибка')
    .map((cells) => ({ row: cells[0] ?? '', reason: cells[reasonAt] ?? '' }));
}

function parseSemicolonCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

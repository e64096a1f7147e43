import ExcelJS from 'exceljs';
import type { ImportFormat } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { DomainError } from '../../../platform/errors';

/** At most this many lines are read from one file. */
export const MAX_IMPORT_ROWS = 20_000;

/** The lines of an uploaded table as text cells: a CSV (`;`, `,` or tab, RFC 4180 quotes) or an XLSX's first sheet. */
export async function readRows(format: ImportFormat, data: Buffer): Promise<string[][]> {
  const rows = format === 'csv' ? parseCsv(data.toString('utf8')) : await readXlsx(data);
  const filled = rows.filter((row) => row.some((cell) => cell.trim() !== ''));
  if (filled.length > MAX_IMPORT_ROWS + 1) {
    throw new DomainError(`В файле больше ${MAX_IMPORT_ROWS} строк`, 422);
  }
  return filled;
}

/** The uploaded table kept in the object store, as text cells. */
export async function readUpload(
  services: Pick<ContextServices, 'objects'>,
  format: ImportFormat,
  key: string,
): Promise<string[][]> {
  const stream = await services.objects.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return readRows(format, Buffer.concat(chunks));
}

export function parseCsv(input: string): string[][] {
  const text = input.replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [';', '\t', ','].reduce((best, d) =>
    firstLine.split(d).length > firstLine.split(best).length ? d : best,
  );
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
    else if (c === delimiter) {
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

async function readXlsx(data: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new DomainError('Файл не читается как XLSX', 422);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(row.getCell(c).text ?? '');
    rows.push(cells);
  });
  return rows;
}

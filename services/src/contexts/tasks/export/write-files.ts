import ExcelJS from 'exceljs';

/**
 * CSV for spreadsheet programs with a Russian locale: UTF-8 with a byte-order mark (so Cyrillic opens
 * right), `;` between fields, CRLF lines, quotes doubled (RFC 4180). A cell starting with = + - @ is
 * prefixed with an apostrophe, so a student's name can never run as a formula.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): Buffer {
  const line = (cells: readonly (string | number)[]) => cells.map(csvCell).join(';');
  const text = [line(header), ...rows.map(line)].join('\r\n') + '\r\n';
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
}

function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One worksheet, a bold frozen header, numbers as numbers. */
export async function toXlsx(
  sheetName: string,
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Sabaq';
  const sheet = workbook.addWorksheet(worksheetName(sheetName), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.addRow([...header]).font = { bold: true };
  for (const row of rows) sheet.addRow([...row]);
  sheet.columns.forEach((column, index) => {
    column.width = index === 0 ? 36 : 16;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * A name a workbook accepts: at most 31 characters, none of `* ? : \\ / [ ]`, not starting or ending
 * with an apostrophe. An assignment named «Арифметика: дроби» made the export fail before.
 */
export function worksheetName(name: string): string {
  const safe = name
    .replace(/[*?:\\/[\]]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 31)
    .replace(/^'+|'+$/g, '')
    .trim();
  return safe || 'Результаты';
}

import type { ImportColumns } from '@sabaq/events';

/** What an import reads from a table: each field with the column titles that name it and whether it must be there. */
export interface ImportField<F extends string> {
  field: F;
  /** The title shown in errors and offered first (Russian). */
  title: string;
  /** Titles that name it, lower case, Russian or English. */
  aliases: readonly string[];
  required: boolean;
}

/** Which column (0-based) holds which field, guessed from the first line's titles (any case). */
export function guessColumns<F extends string>(
  fields: readonly ImportField<F>[],
  header: readonly string[],
): Map<F, number> {
  const found = new Map<F, number>();
  header.forEach((title, index) => {
    const name = title.trim().toLowerCase();
    const field = fields.find((f) => f.title.toLowerCase() === name || f.aliases.includes(name));
    if (field && !found.has(field.field)) found.set(field.field, index);
  });
  return found;
}

/**
 * The columns to read: the wizard's mapping when it chose one (fields it does not know and columns past
 * the table's end are dropped), otherwise the titles' guess. Fails naming the required fields missing.
 */
export function columnsToRead<F extends string>(
  fields: readonly ImportField<F>[],
  header: readonly string[],
  chosen: ImportColumns | undefined,
): Map<F, number> {
  const columns = chosen
    ? new Map(
        fields
          .filter((f) => chosen[f.field] !== undefined && chosen[f.field]! < Math.max(header.length, 1))
          .map((f) => [f.field, chosen[f.field]!] as const),
      )
    : guessColumns(fields, header);
  const missing = fields.filter((f) => f.required && !columns.has(f.field)).map((f) => f.title);
  if (missing.length) throw new Error(`В файле нет столбцов: ${missing.join(', ')}`);
  return columns;
}

/** A line's cells by field, empty for a column the line does not reach. */
export function cellsOf<F extends string>(
  cells: readonly string[],
  columns: Map<F, number>,
): Record<F, string> {
  return Object.fromEntries([...columns].map(([field, index]) => [field, cells[index] ?? ''])) as Record<
    F,
    string
  >;
}

import { truncateMoney } from '@jinb/money';

/** One column of a report's CSV: its header (zh-CN), the row's field, and how the cell is written. */
export type CsvColumn = {
  header: string;
  key: string;
  /** An amount: truncated to 2 decimals, as the console shows it. */
  money?: true;
  map?: (value: unknown) => string;
};

function cell(text: string): string {
  // A spreadsheet runs a cell that starts with = + - @ as a formula: quote it as text (amounts are written plainly).
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The rows as CSV for Excel: a BOM so it reads the Chinese headers as UTF-8, CRLF line ends. */
export function csvOf(columns: readonly CsvColumn[], rows: ReadonlyArray<Record<string, unknown>>): string {
  const lines = [columns.map((column) => cell(column.header)).join(',')];
  for (const row of rows) {
    lines.push(
      columns
        .map((column) => {
          const value = row[column.key];
          if (column.map) return cell(column.map(value));
          if (column.money) return cell(truncateMoney(String(value ?? '0')));
          return cell(String(value ?? ''));
        })
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

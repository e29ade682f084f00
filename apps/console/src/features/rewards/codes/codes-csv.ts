import type { AdminBatchCodeView } from '@jinb/contract';
import { call } from '../../../shared/api/call';
import { formatTime } from '../../../shared/ui/TimeText';
import { rewardsMessages as t } from '../messages';

const PAGE = 100;

/** One CSV cell: quoted when it holds a comma, a quote or a line break; a leading = + - @ defused for spreadsheets. */
function cell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A batch's codes as CSV rows (a BOM first so spreadsheet programs read the Chinese headers as UTF-8). */
export function codesCsv(rows: AdminBatchCodeView[]): string {
  const lines = [t.codes.csvHeader.map(cell).join(',')];
  for (const row of rows)
    lines.push(
      [
        row.code,
        row.uses,
        row.redeemed,
        t.codes.states[row.state],
        row.lastRedeemedAt ? formatTime(row.lastRedeemedAt) : '',
        row.lastAccount ?? '',
      ]
        .map(cell)
        .join(','),
    );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Every code of the batch with the list's filters, read page by page (a batch holds at most 1,000 codes). */
export async function allCodes(batchId: string, filters: Record<string, unknown>): Promise<AdminBatchCodeView[]> {
  const rows: AdminBatchCodeView[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await call('adminCodeBatchCodes', {
      params: { id: batchId },
      query: { ...filters, page, pageSize: PAGE },
    });
    rows.push(...answer.rows);
    if (answer.rows.length < PAGE || rows.length >= answer.total) return rows;
  }
}

/** Saves a text as a file the browser downloads. */
export function saveText(text: string, fileName: string): void {
  const href = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}

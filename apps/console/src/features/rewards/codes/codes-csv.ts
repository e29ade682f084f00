import type { AdminBatchCodeView } from '@jinb/contract';
import { call } from '../../../shared/api/call';
import { csvText } from '../../../shared/api/download';
import { formatTime } from '../../../shared/ui/TimeText';
import { rewardsMessages as t } from '../messages';

const PAGE = 100;

/** A batch's codes as a CSV, the header in the operator's words. */
export function codesCsv(rows: AdminBatchCodeView[]): string {
  return csvText(
    t.codes.csvHeader,
    rows.map((row) => [
      row.code,
      row.uses,
      row.redeemed,
      t.codes.states[row.state],
      row.lastRedeemedAt ? formatTime(row.lastRedeemedAt) : '',
      row.lastAccount ?? '',
    ]),
  );
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

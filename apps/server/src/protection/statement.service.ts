import { type Lang, platformDay, platformDayBounds, type Statement } from '@jinb/contract';
import { formatAmount, truncateMoney } from '@jinb/money';
import type { Database } from '../db/database';
import type { Clock } from '../shared/clock';
import { type ActivityTotals, activityRepository } from './activity.repository';
import { periodSpan, type Span } from './periods';

type Totals = ActivityTotals;
const ZERO: Totals = { deposits: 0n, withdrawals: 0n, stakes: 0n, payouts: 0n };

/** "YYYY-MM" of the month `back` months before the one `day` ("YYYY-MM-DD") falls in. */
function monthBefore(day: string, back: number): string {
  const index = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function wire(totals: Totals) {
  return {
    deposits: formatAmount(totals.deposits),
    withdrawals: formatAmount(totals.withdrawals),
    stakes: formatAmount(totals.stakes),
    payouts: formatAmount(totals.payouts),
    net: formatAmount(totals.payouts - totals.stakes),
  };
}

/** The CSV's header and total row, by the reading request's language. */
const CSV_WORDS: Record<Lang, { header: readonly string[]; total: string }> = {
  'zh-CN': { header: ['月份', '充值', '提现', '投注', '派彩', '净输赢'], total: '合计' },
  'zh-HK': { header: ['月份', '充值', '提現', '投注', '派彩', '淨輸贏'], total: '合計' },
};

function csvCell(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The activity statement: deposits credited, withdrawals paid, stakes, payouts and the net result (payouts minus
 * stakes) for the current calendar month and the ones before it, months in the platform's time zone, newest first.
 */
export function createStatementService(deps: { db: Database; clock: Clock; timeZone: string }) {
  const { db, timeZone } = deps;

  async function statement(memberId: bigint, months: number): Promise<Statement> {
    const now = deps.clock();
    const today = platformDay(now, timeZone);
    const first = platformDayBounds(`${monthBefore(today, months - 1)}-01`, timeZone);
    if (!first) throw new Error(`no bounds for ${today}`);
    const span: Span = { start: first.start, end: periodSpan('month', now, timeZone).end };
    const found = new Map(
      (await activityRepository.monthlyTotals(db, memberId, span, timeZone)).map((row) => [row.month, row]),
    );
    // Every month of the span has its row, a quiet one too: the statement shows it was quiet.
    const rows: Statement['months'] = [];
    const sum = { ...ZERO };
    for (let back = 0; back < months; back += 1) {
      const month = monthBefore(today, back);
      const totals = found.get(month) ?? ZERO;
      for (const key of Object.keys(sum) as (keyof Totals)[]) sum[key] += totals[key];
      rows.push({ month, ...wire(totals) });
    }
    return { ...wire(sum), from: span.start.toISOString(), to: now.toISOString(), months: rows };
  }

  return {
    statement,

    /** The same as CSV for a spreadsheet: a BOM so Excel reads the Chinese header, amounts as the site shows them. */
    async csv(memberId: bigint, months: number, lang: Lang): Promise<string> {
      const data = await statement(memberId, months);
      const words = CSV_WORDS[lang];
      const line = (label: string, row: ReturnType<typeof wire>) =>
        [label, row.deposits, row.withdrawals, row.stakes, row.payouts, row.net]
          .map((cell, index) => csvCell(index === 0 ? cell : truncateMoney(cell)))
          .join(',');
      const lines = [
        words.header.map(csvCell).join(','),
        ...data.months.map((row) => line(row.month, row)),
        line(words.total, data),
      ];
      return `\uFEFF${lines.join('\r\n')}\r\n`;
    },
  };
}

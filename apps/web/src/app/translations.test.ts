import {
  ACCEPT_ODDS,
  BET_STATUSES,
  BET_TYPES,
  CARD_KINDS,
  DEPOSIT_KINDS,
  DEPOSIT_STATUSES,
  ERROR_CODES,
  type ErrorCode,
  EVENT_STATUSES,
  EVENT_WINDOWS,
  errorMessages,
  fields,
  isErrorCode,
  LANGS,
  MARKET_TYPES,
  PERIODS,
  RECORD_STATES,
  RECORD_TYPES,
  SPORTS,
  USDT_NETWORKS,
  updateProfileBody,
  WITHDRAW_STATUSES,
  WITHDRAWAL_RECORD_STATE,
} from '@jinb/contract';
import { NAMED_SYSTEMS, ODDS_FORMATS, OUTCOMES } from '@jinb/odds';
import { describe, expect, test } from 'vitest';
import { cardsLocale } from '../features/cards/cards.locale';
import { assetsLocale } from '../features/finance/assets.locale';
import { financeLocale } from '../features/finance/finance.locale';
import { TYPE_TABS } from '../features/records/record-labels';
import { recordsLocale } from '../features/records/records.locale';
import { sportsLocale } from '../features/sports/sports.locale';
import { clientLocale } from '../shared/api/client.locale';
import { fieldErrorsLocale } from '../shared/forms/forms.locale';

type Locale = Record<(typeof LANGS)[number], object>;

/** The text at a dotted path ("withdraw.states.pending"), or undefined when there is none. */
function textAt(words: object, path: string): string | undefined {
  let node: unknown = words;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' && node.trim() !== '' ? node : undefined;
}

/**
 * Where the site names a value the server sends by looking it up (`t(\`types.${record.type}\`)`): the namespace's
 * words, the key in front of the value, and every value the contract allows. A value added to the contract without
 * its words in both languages fails here, instead of reaching a member as a raw key (我的资产 showed
 * `assets.types.bet` for a bet).
 */
const LOOKUPS: ReadonlyArray<{ namespace: string; words: Locale; key: string; values: readonly string[] }> = [
  { namespace: 'records', words: recordsLocale, key: 'types', values: RECORD_TYPES },
  { namespace: 'records', words: recordsLocale, key: 'states', values: RECORD_STATES },
  { namespace: 'assets', words: assetsLocale, key: 'types', values: RECORD_TYPES },
  {
    namespace: 'finance',
    words: financeLocale,
    key: 'withdraw.states',
    values: WITHDRAW_STATUSES.map((status) => WITHDRAWAL_RECORD_STATE[status]),
  },
  { namespace: 'finance', words: financeLocale, key: 'order.status', values: DEPOSIT_STATUSES },
  { namespace: 'finance', words: financeLocale, key: 'kinds', values: DEPOSIT_KINDS },
  { namespace: 'cards', words: cardsLocale, key: 'sections', values: CARD_KINDS },
  { namespace: 'cards', words: cardsLocale, key: 'add', values: CARD_KINDS },
  { namespace: 'cards', words: cardsLocale, key: 'addressPlaceholder', values: USDT_NETWORKS },
  { namespace: 'cards', words: cardsLocale, key: 'addressFormat', values: USDT_NETWORKS },
  { namespace: 'sports', words: sportsLocale, key: 'sports', values: SPORTS },
  { namespace: 'sports', words: sportsLocale, key: 'windows', values: EVENT_WINDOWS },
  { namespace: 'sports', words: sportsLocale, key: 'empty', values: EVENT_WINDOWS },
  { namespace: 'sports', words: sportsLocale, key: 'eventStatus', values: EVENT_STATUSES },
  { namespace: 'sports', words: sportsLocale, key: 'markets', values: MARKET_TYPES },
  { namespace: 'sports', words: sportsLocale, key: 'periods', values: PERIODS },
  { namespace: 'sports', words: sportsLocale, key: 'oddsFormats', values: ODDS_FORMATS },
  { namespace: 'sports', words: sportsLocale, key: 'slip.tabs', values: BET_TYPES },
  { namespace: 'sports', words: sportsLocale, key: 'slip.acceptOddsOptions', values: ACCEPT_ODDS },
  { namespace: 'sports', words: sportsLocale, key: 'slip.systems', values: Object.keys(NAMED_SYSTEMS) },
  { namespace: 'sports', words: sportsLocale, key: 'record.types', values: BET_TYPES },
  { namespace: 'sports', words: sportsLocale, key: 'record.status', values: BET_STATUSES },
  { namespace: 'sports', words: sportsLocale, key: 'record.empty', values: BET_STATUSES },
  { namespace: 'sports', words: sportsLocale, key: 'record.outcome', values: OUTCOMES },
];

describe('every value the server sends that the site names by key has its words', () => {
  test.each(LOOKUPS.map((lookup) => [`${lookup.namespace}:${lookup.key || '*'}`, lookup] as const))(
    '%s, in zh-CN and zh-HK',
    (_name, { words, key, values }) => {
      const missing = LANGS.flatMap((lang) =>
        [...new Set(values)]
          .map((value) => (key ? `${key}.${value}` : value))
          .filter((path) => textAt(words[lang], path) === undefined)
          .map((path) => `${lang} ${path}`),
      );
      expect(missing).toEqual([]);
    },
  );

  test('the transaction records have a tab for every record type', () => {
    expect(TYPE_TABS.map((tab) => tab.value).filter(Boolean)).toEqual([...RECORD_TYPES]);
  });
});

/** One word per thing: the same movement or state reads the same on every page that shows it. */
describe('one word for one thing', () => {
  test.each(LANGS)('我的资产 names each movement as the transaction records do (%s)', (lang) => {
    const { all: _all, ...recordTypes } = recordsLocale[lang].types;
    expect(assetsLocale[lang].types).toEqual(recordTypes);
    expect(assetsLocale[lang].codes).toEqual(recordsLocale[lang].codes);
  });

  test.each(LANGS)('a withdrawal’s status reads the same on the withdraw page and in the records (%s)', (lang) => {
    const onWithdrawPage = WITHDRAW_STATUSES.map((status) =>
      textAt(financeLocale[lang], `withdraw.states.${WITHDRAWAL_RECORD_STATE[status]}`),
    );
    const inRecords = WITHDRAW_STATUSES.map((status) => recordsLocale[lang].states[WITHDRAWAL_RECORD_STATE[status]]);
    expect(onWithdrawPage).toEqual(inRecords);
  });

  test.each(LANGS)(
    'a confirmed deposit reads as the records state it, the only deposit state they show (%s)',
    (lang) => {
      expect(financeLocale[lang].order.status.confirmed).toBe(recordsLocale[lang].states.completed);
    },
  );

  test.each(LANGS)('cancelling a withdrawal says the verb of the state it ends in (%s)', (lang) => {
    // 已取消 -> 取消: the member taps 取消提现 and then reads 已取消, never 撤销 then 已取消.
    const verb = recordsLocale[lang].states.cancelled.replace(/^已/, '');
    expect(financeLocale[lang].withdraw.cancel).toContain(verb);
    expect(financeLocale[lang].withdraw.cancelled).toContain(recordsLocale[lang].states.cancelled);
  });
});

/**
 * The site keeps no copy of the server's message table (a refusal carries its message): only the words for failures
 * the server never answers (api/client.locale.ts) and for the checks forms make before sending (forms.locale.ts's
 * `errors`). Where those are a server code, they must read as the server's message for it.
 */
describe("the site's own error messages", () => {
  /** Each code a schema answers for a few wrong values a text box can hold (its messages are codes). */
  function codesAnswered(schema: { safeParse(value: unknown): { error?: { issues: Array<{ message: string }> } } }) {
    const wrong = [undefined, '', ' ', 'x', '!!!', '１２', 'a'.repeat(300)];
    return wrong.flatMap((value) => schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? []);
  }

  test('every code a form field’s schema can answer has its words', () => {
    const schemas = [...Object.values(fields), ...Object.values(updateProfileBody.shape)];
    const answered = [...new Set(schemas.flatMap(codesAnswered))].sort();
    // The probe reaches the codes it is about (a schema missing from it would leave this list short).
    expect(answered).toEqual(
      expect.arrayContaining(['ACCOUNT_FORMAT', 'CODE_WRONG', 'NICKNAME_FORMAT', 'PHONE_FORMAT']),
    );
    expect(answered.filter((code) => !isErrorCode(code))).toEqual([]);
    for (const lang of LANGS) {
      expect(answered.filter((code) => !(code in fieldErrorsLocale[lang])).map((code) => `${lang} ${code}`)).toEqual(
        [],
      );
    }
  });

  test.each(LANGS)('read as the server’s message for the same code (%s)', (lang) => {
    const copies = { ...clientLocale[lang], ...fieldErrorsLocale[lang] } as Record<string, string>;
    const codes = Object.keys(copies).filter(isErrorCode);
    expect(codes.length).toBeGreaterThan(20);
    const differing = codes.filter((code: ErrorCode) => copies[code] !== errorMessages[lang][code]);
    expect(differing).toEqual([]);
  });

  test('are a handful, not the server’s table', () => {
    expect(Object.keys(fieldErrorsLocale['zh-CN']).length).toBeLessThan(ERROR_CODES.length / 3);
  });
});

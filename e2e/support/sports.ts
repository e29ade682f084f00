import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { operatorToken } from './wallet';

/** Scale-4 units, as the book keeps odds and money. */
const SCALE = 10_000n;

function units(decimal: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,4}))?$/.exec(decimal);
  if (!match) throw new Error(`not a positive decimal: ${decimal}`);
  return BigInt(match[1] ?? '0') * SCALE + BigInt((match[2] ?? '').padEnd(4, '0'));
}

function decimal(value: bigint): string {
  return `${value / SCALE}.${(value % SCALE).toString().padStart(4, '0')}`;
}

/**
 * What a parlay pays if every leg wins: the stake times the product of the odds, worked out exactly and truncated
 * once to scale 4 (the book's one rounding), as a decimal string ("382.5800"). Written out here rather than taken
 * from the site's or the book's code, so a wrong product there cannot agree with itself.
 */
export function parlayPayout(stake: string, odds: readonly string[]): string {
  let numerator = units(stake);
  let denominator = 1n;
  for (const price of odds) {
    numerator *= units(price);
    denominator *= SCALE;
  }
  return decimal(numerator / denominator);
}

/** a + b - c ... on decimal strings, exactly. */
export function sumAmounts(first: string, ...rest: Array<[sign: 1 | -1, amount: string]>): string {
  const total = rest.reduce((sum, [sign, amount]) => sum + BigInt(sign) * units(amount), units(first));
  return decimal(total);
}

type Side = 'home' | 'draw' | 'away';

export type ManualEvent = {
  id: string;
  home: string;
  away: string;
  competition: string;
  /** The match result market. */
  marketId: string;
  selections: Record<Side, { id: string; odds: string }>;
};

type AdminEvent = {
  id: string;
  home: string;
  away: string;
  competition: { name: string };
  markets: Array<{ id: string; type: string; selections: Array<{ id: string; side: string; odds: string }> }>;
};

/** Team and competition names nobody else uses: the journey finds its own events among the simulated feed's. */
export function uniqueTag(): string {
  return `${Date.now().toString(36).slice(-5)}${process.env.TEST_WORKER_INDEX ?? 0}`.toUpperCase();
}

/**
 * The operator's side of the sportsbook journeys, through the console API: credit a member, the manual feed
 * (events with a match result market), a price moved by hand, results.
 */
export async function sportsOperator(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await operatorToken(request)}` };

  async function data<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
    const body = (await response.json()) as { status?: boolean; data?: unknown };
    expect(response.ok(), `${response.url()} ${JSON.stringify(body)}`).toBeTruthy();
    expect(body.status, JSON.stringify(body)).toBe(true);
    return body.data as T;
  }

  function postJson<T>(url: string, body: unknown): Promise<T> {
    return request.post(url, { data: body, headers }).then((response) => data<T>(response));
  }

  return {
    /** Puts money on the member's main wallet (an operator adjustment, under the approval threshold). */
    async credit(account: string, amount: string) {
      const members = await data<Array<{ id: string; account: string }>>(
        await request.get(`/api/admin/v1/members?account=${encodeURIComponent(account)}`, { headers }),
      );
      const member = members.find((item) => item.account === account);
      if (!member) throw new Error(`the console cannot find member ${account}`);
      const adjusted = await data<{ transferId: string | null; approval: unknown }>(
        await request.post(`/api/admin/v1/members/${member.id}/adjust`, {
          form: { amount, reason: 'sportsbook journey credit' },
          headers,
        }),
      );
      expect(adjusted.approval, 'the credit should not wait for a second operator').toBeNull();
      expect(adjusted.transferId).not.toBeNull();
    },

    /** A football event through the manual feed, kicking off in 90 minutes, with a full-time 1x2 market. */
    async footballEvent(names: { competition: string; home: string; away: string }, odds: Record<Side, string>) {
      const event = await postJson<AdminEvent>('/api/admin/v1/sports/events', {
        sport: 'football',
        competition: names.competition,
        home: names.home,
        away: names.away,
        startTime: new Date(Date.now() + 90 * 60_000).toISOString(),
        markets: [
          {
            type: '1x2',
            period: 'ft',
            selections: (['home', 'draw', 'away'] as const).map((side) => ({ side, odds: odds[side] })),
          },
        ],
      });
      const market = event.markets.find((entry) => entry.type === '1x2');
      if (!market) throw new Error(`event ${event.id} came back without its 1x2 market`);
      const side = (name: Side) => {
        const selection = market.selections.find((entry) => entry.side === name);
        if (!selection) throw new Error(`event ${event.id} has no ${name} selection`);
        return { id: selection.id, odds: selection.odds };
      };
      return {
        id: event.id,
        home: event.home,
        away: event.away,
        competition: event.competition.name,
        marketId: market.id,
        selections: { home: side('home'), draw: side('draw'), away: side('away') },
      } satisfies ManualEvent;
    },

    /** Moves one price by hand, as a trader would (its version moves). */
    async movePrice(event: ManualEvent, side: Side, odds: string) {
      await postJson(`/api/admin/v1/sports/markets/${event.marketId}/prices`, {
        selections: [{ id: event.selections[side].id, odds }],
      });
    },

    /** The ledger's own check: every transfer balanced, every account its entries, no member below zero. */
    async ledgerCheck() {
      return data<{ ok: boolean }>(await request.get('/api/admin/v1/ledger/check', { headers }));
    },

    /** The full-time score; the book settles the event's bets straight after. */
    async result(event: ManualEvent, home: number, away: number) {
      await postJson(`/api/admin/v1/sports/events/${event.id}/result`, { home, away });
    },
  };
}

/** From the lobby's 金币体育 card, through the spec's game route, to the sports home. */
export async function openSportsbookFromLobby(page: Page) {
  await page.goto('/app/home');
  const card = page.getByRole('link', { name: '金币体育', exact: true });
  await expect(card).toHaveAttribute('href', /^\/games\/\d+\/[^/]+\/[^/]+\/sport$/);
  expect(decodeURIComponent((await card.getAttribute('href')) ?? '').split('/')[3]).toBe('金币体育');
  await card.click();
  await expect(page).toHaveURL(/\/sports(\?|$)/);
  await expect(page.getByRole('heading', { name: '体育' })).toBeVisible();
}

/** Searches the sports home (teams and competitions) and waits for this competition's group. */
export async function searchEvents(page: Page, text: string, competition: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: '搜索赛事' }).fill(text);
  const group = page.getByRole('region', { name: competition, exact: true });
  await expect(group).toBeVisible();
  return group;
}

const SIDE_WORDS: Record<Side, string> = { home: '主', draw: '和', away: '客' };

/** A match result price on the sports home, by what a screen reader hears: teams, market, side, odds. */
export function price(scope: Page | Locator, event: ManualEvent, side: Side, odds: string): Locator {
  return scope.getByRole('button', {
    name: `${event.home} 对 ${event.away} 独赢 ${SIDE_WORDS[side]} 赔率 ${odds}`,
    exact: true,
  });
}

/** The slip's sheet, opened from its bar at the bottom (the sheet carries the slip's name; its first holder). */
export async function openSlip(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: '打开投注单' }).click();
  const sheet = page.getByLabel('投注单', { exact: true }).first();
  await expect(sheet.getByRole('heading', { name: /^投注单/ })).toBeVisible();
  return sheet;
}

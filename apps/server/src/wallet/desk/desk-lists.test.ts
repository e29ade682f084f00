import { randomBytes } from 'node:crypto';
import { errorMessages } from '@jinb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositChannels, depositPayments } from '../../db/schema';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { type Operator, operator, signedInOperator, walletMember } from '../../test/wallet-fixtures';

type Page<T> = { rows: T[]; total: number };

/**
 * The approvals, unmatched payments and channels lists are paged, sorted and filtered by the server (issue 27), like
 * the deposit and withdrawal desks: the console asks for one page and shows the total.
 */
describe.each(testDatabases)('the money desk lists paged on the server on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  /** What this run wrote starts with it, so a shared PostgreSQL database's older rows stay out of the counts. */
  const tag = `t${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
  }, 120_000);
  afterAll(async () => {
    await sut?.close();
  });

  async function list<T>(path: string): Promise<Page<T>> {
    const reply = await desk.get(path);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().data as Page<T>;
  }

  describe('approvals', () => {
    let member: Awaited<ReturnType<typeof walletMember>>;
    const filed: string[] = [];

    beforeAll(async () => {
      member = await walletMember(sut, { card: false });
      for (const amount of ['60001', '60002', '60003']) {
        const asked = await desk.post(`/api/admin/v1/members/${member.id}/adjust`, {
          amount,
          reason: `${tag} ${amount}`,
        });
        filed.push(asked.json().data.approval.id);
      }
      const checker = await desk.checkerHeaders();
      await sut.post(`/api/admin/v1/approvals/${filed[0]}/reject`, { reason: 'no ticket' }, checker);
    });

    it('when the desk asks for a member, then it gets their pending requests newest first and the total', async () => {
      const page = await list<{ id: string; status: string }>(
        `/api/admin/v1/approvals?account=${member.account}&status=pending`,
      );
      expect(page.total).toBe(2);
      expect(page.rows.map((row) => row.id)).toEqual([filed[2], filed[1]]);
    });

    it('when it pages with a sort, then each page holds pageSize rows of the whole ordered list', async () => {
      const query = `account=${member.account}&sort=createdAt&pageSize=2`;
      const first = await list<{ id: string }>(`/api/admin/v1/approvals?${query}&page=1`);
      const second = await list<{ id: string }>(`/api/admin/v1/approvals?${query}&page=2`);
      expect(first).toMatchObject({ total: 3 });
      expect([...first.rows, ...second.rows].map((row) => row.id)).toEqual(filed);
      expect((await list(`/api/admin/v1/approvals?${query}&page=3`)).rows).toEqual([]);
    });

    it('when it filters by status, requester, kind and time, then only those requests come back', async () => {
      const base = `/api/admin/v1/approvals?account=${member.account}`;
      expect((await list<{ id: string }>(`${base}&status=rejected`)).rows.map((row) => row.id)).toEqual([filed[0]]);
      expect((await list(`${base}&status=&action=wallet.adjust`)).total).toBe(3);
      expect((await list(`${base}&status=&action=member.unlock`)).total).toBe(0);
      const other = await signedInOperator(sut, 'finance');
      expect((await list(`${base}&status=&requestedBy=${other.id}`)).total).toBe(0);
      const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
      const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
      expect((await list(`${base}&status=&from=${hourAgo}&to=${inAnHour}`)).total).toBe(3);
      expect((await list(`${base}&status=&from=${inAnHour}`)).total).toBe(0);
      expect((await list(`/api/admin/v1/approvals?account=nobody${tag}&status=`)).total).toBe(0);
    });
  });

  describe('payments seen', () => {
    beforeAll(async () => {
      const seen = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
      await sut.container.db.insert(depositPayments).values([
        { scope: 'channel:bank', amount: 1_000_000n, reference: `${tag}-a`, status: 'unmatched', seenAt: seen(30) },
        { scope: 'channel:bank', amount: 5_000_000n, reference: `${tag}-b`, status: 'unmatched', seenAt: seen(20) },
        { scope: 'chain:trc20', amount: 2_500_000n, reference: `${tag}-c`, status: 'dismissed', seenAt: seen(10) },
      ]);
    });

    const path = (query: string) => `/api/admin/v1/deposit-payments?reference=${tag}&${query}`;
    const references = (page: Page<{ reference: string }>) => page.rows.map((row) => row.reference);

    it('when the desk asks for the unmatched ones, then it gets them newest first with the total', async () => {
      const page = await list<{ reference: string }>(path('status=unmatched'));
      expect(page.total).toBe(2);
      expect(references(page)).toEqual([`${tag}-b`, `${tag}-a`]);
    });

    it('when it sorts by amount and pages, then the pages follow the amounts', async () => {
      const first = await list<{ reference: string }>(path('sort=-amount&pageSize=2&page=1'));
      const second = await list<{ reference: string }>(path('sort=-amount&pageSize=2&page=2'));
      expect(first.total).toBe(3);
      expect([...references(first), ...references(second)]).toEqual([`${tag}-b`, `${tag}-c`, `${tag}-a`]);
    });

    it('when it filters by an amount range and a time range, then the bounds are inclusive and exclusive', async () => {
      expect(references(await list(path('amountMin=250&amountMax=500')))).toEqual([`${tag}-c`, `${tag}-b`]);
      expect(references(await list(path('amountMax=100')))).toEqual([`${tag}-a`]);
      const quarterAgo = new Date(Date.now() - 15 * 60_000).toISOString();
      expect(references(await list(path(`from=${quarterAgo}`)))).toEqual([`${tag}-c`]);
      expect(references(await list(path(`to=${quarterAgo}`)))).toEqual([`${tag}-b`, `${tag}-a`]);
    });

    it('when the reference holds a LIKE wildcard, then it matches only itself', async () => {
      expect((await list(`/api/admin/v1/deposit-payments?reference=${tag.slice(0, 3)}%25`)).total).toBe(0);
    });
  });

  describe('deposit channels', () => {
    beforeAll(async () => {
      const channel = (id: string, sort: number, min: bigint, active: boolean) => ({
        id: `${tag}-${id}`,
        kind: 'bank',
        name: `${tag} ${id}`,
        minAmount: min,
        maxAmount: 100_000_000n,
        payee: {},
        sort,
        active,
      });
      await sut.container.db
        .insert(depositChannels)
        .values([
          channel('x', 3, 1_000_000n, true),
          channel('y', 1, 3_000_000n, false),
          channel('z', 2, 2_000_000n, true),
        ]);
    });

    const ids = (page: Page<{ id: string }>) => page.rows.map((row) => row.id.slice(tag.length + 1));

    it('when the desk lists them, then they come in the order members see them, with the total', async () => {
      const page = await list<{ id: string }>(`/api/admin/v1/wallet/channels?name=${tag}`);
      expect(page.total).toBe(3);
      expect(ids(page)).toEqual(['y', 'z', 'x']);
    });

    it('when it filters and sorts, then only those channels come back in that order', async () => {
      expect(ids(await list(`/api/admin/v1/wallet/channels?name=${tag}&active=true`))).toEqual(['z', 'x']);
      expect(ids(await list(`/api/admin/v1/wallet/channels?name=${tag}&active=false`))).toEqual(['y']);
      expect(ids(await list(`/api/admin/v1/wallet/channels?name=${tag}&sort=-min`))).toEqual(['y', 'z', 'x']);
      expect(ids(await list(`/api/admin/v1/wallet/channels?name=${tag}&kind=alipay`))).toEqual([]);
      const second = await list<{ id: string }>(`/api/admin/v1/wallet/channels?name=${tag}&pageSize=2&page=2`);
      expect(second.total).toBe(3);
      expect(ids(second)).toEqual(['x']);
    });
  });

  describe('bad paging is refused with a clear message', () => {
    const LISTS = ['/api/admin/v1/approvals', '/api/admin/v1/deposit-payments', '/api/admin/v1/wallet/channels'];
    const BAD = [
      { query: 'page=0', code: 'PAGE_INVALID' },
      { query: 'page=abc', code: 'PAGE_INVALID' },
      { query: 'page=1.5', code: 'PAGE_INVALID' },
      { query: 'pageSize=101', code: 'PAGE_INVALID' },
      { query: 'pageSize=0', code: 'PAGE_INVALID' },
      { query: 'sort=reference', code: 'SORT_UNKNOWN' },
      { query: 'sort=--createdAt', code: 'SORT_UNKNOWN' },
    ] as const;

    it.each(LISTS.flatMap((path) => BAD.map((bad) => ({ path, ...bad }))))(
      '$path?$query answers $code',
      async ({ path, query, code }) => {
        const reply = await desk.get(`${path}?${query}`);
        expect(reply.statusCode).toBe(400);
        expect(reply.json()).toEqual({ status: false, code, data: errorMessages['zh-CN'][code] });
      },
    );

    it('refuses a time or amount bound it cannot read', async () => {
      expect((await desk.get('/api/admin/v1/approvals?from=yesterday')).json().code).toBe('DATE_INVALID');
      expect((await desk.get('/api/admin/v1/deposit-payments?amountMin=1e3')).json().code).toBe('AMOUNT_INVALID');
      expect((await desk.get('/api/admin/v1/deposit-payments?amountMax=-5')).json().code).toBe('AMOUNT_INVALID');
    });
  });
});

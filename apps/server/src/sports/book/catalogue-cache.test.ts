import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { EventDetail, EventSummary } from '@jinb/contract/sports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertEvent } from '../../test/sports-fixtures';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { type Operator, operator } from '../../test/wallet-fixtures';
import { bookRepository } from './book.repository';

/**
 * The catalogue is built once per change of the book and served from memory to every visitor (issue 20), and is
 * never stale: a price that moved, by this process or another, shows on the next read.
 */
describe.each(testDatabases)('the catalogue cache on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;

  beforeAll(async () => {
    sut = await createTestApp(kind, { seed: false });
    desk = await operator(sut);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await sut?.close();
  });

  const list = async (query: string, headers: Record<string, string> = {}) =>
    sut.app.inject({ method: 'GET', url: `/api/f/v1/sports/events?${query}`, headers });
  const events = async (query: string) => (await list(query)).json().data as EventSummary[];
  const page = async (id: bigint) =>
    (await sut.app.inject({ method: 'GET', url: `/api/f/v1/sports/events/${id}` })).json().data as EventDetail;

  it('builds a list once for many readers and shows a moved price on the very next read', async () => {
    const event = await insertEvent(sut.container.db, { home: '缓存主队' });
    const home = event.markets[0]!.selections.home!;
    const builds = vi.spyOn(bookRepository, 'events');
    const first = await Promise.all(Array.from({ length: 20 }, () => events('q=缓存主队')));
    expect(first.every((answer) => answer[0]?.markets[0]?.selections[0]?.odds === '2.10')).toBe(true);
    expect(builds.mock.calls.length).toBeLessThanOrEqual(2);
    await events('q=缓存主队');
    const afterRepeat = builds.mock.calls.length;
    expect(afterRepeat).toBeLessThanOrEqual(2);

    const moved = await sut.app.inject({
      method: 'POST',
      url: `/api/admin/v1/sports/markets/${event.markets[0]!.id}/prices`,
      payload: { selections: [{ id: home.toString(), odds: '2.35' }] },
      headers: desk.headers,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await events('q=缓存主队'))[0]?.markets[0]?.selections[0]?.odds).toBe('2.35');
    expect((await page(event.id)).markets[0]?.selections[0]?.odds).toBe('2.35');
    expect(builds.mock.calls.length).toBe(afterRepeat + 1);
    builds.mockRestore();
  });

  it('shows a change another process committed on the next read', async () => {
    const event = await insertEvent(sut.container.db, { home: '另一进程' });
    expect((await page(event.id)).markets[0]?.status).toBe('open');
    // Written as another server's feed would: straight to the database, nothing said to this process.
    await sut.container.db.execute(
      sql`update sports_markets set status = 'suspended' where id = ${event.markets[0]!.id}`,
    );
    expect((await page(event.id)).markets[0]?.status).toBe('suspended');
  });

  it('answers 304 to a client holding the page, and the same answer compressed either way', async () => {
    await insertEvent(sut.container.db, { home: '压缩主队' });
    const plain = await list('q=压缩主队');
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(plain.headers['cache-control']).toBe('no-cache');
    const again = await list('q=压缩主队', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const gzip = await list('q=压缩主队', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    const brotli = await list('q=压缩主队', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it('takes an event out of today’s list when it starts, with no change to the book', async () => {
    await insertEvent(sut.container.db, { home: '即将开赛', startAt: new Date(Date.now() + 1_500) });
    expect((await events('status=today&q=即将开赛')).map((event) => event.home)).toEqual(['即将开赛']);
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect(await events('status=today&q=即将开赛')).toEqual([]);
  });

  it('serves a list a page at a time', async () => {
    for (const n of [1, 2, 3]) {
      await insertEvent(sut.container.db, {
        home: `分页${n}`,
        startAt: new Date(Date.now() + n * 3_600_000),
      });
    }
    expect((await events('q=分页&size=2')).map((event) => event.home)).toEqual(['分页1', '分页2']);
    expect((await events('q=分页&size=2&page=2')).map((event) => event.home)).toEqual(['分页3']);
    expect((await list('q=分页&size=101')).statusCode).toBe(400);
  });
});

import type { EventChange, LiveListChange } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimePublisher } from '../../realtime/realtime-port';
import { insertEvent } from '../../test/sports-fixtures';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { type Operator, operator } from '../../test/wallet-fixtures';
import { startDue } from '../feed/feed-sink';
import { createEventPublisher } from './event-publisher';

/** What members watching an event are sent after a change committed (issue 21). */
describe.each(testDatabases)('the event publisher on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  const sent: Array<{ topic: string; data: unknown }> = [];
  const recorder: RealtimePublisher = {
    publish: (topic, data) => sent.push({ topic, data }),
    publishToMember() {},
  };

  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('sends the event whole: status, score, clock, every market status and price with its version', async () => {
    const event = await insertEvent(sut.container.db);
    const changed: bigint[][] = [];
    const publisher = createEventPublisher({
      db: sut.container.db,
      realtime: recorder,
      log: { error: (object) => sent.push({ topic: 'error', data: object }) },
      changed: (ids) => changed.push([...ids]),
    });
    const home = event.markets[0]?.selections.home as bigint;
    const live = await sut.app.inject({
      method: 'POST',
      url: `/api/admin/v1/sports/events/${event.id}/live`,
      headers: desk.headers,
      payload: { home: 0, away: 0, minute: 3 },
    });
    expect(live.statusCode).toBe(200);
    await sut.app.inject({
      method: 'POST',
      url: `/api/admin/v1/sports/markets/${event.markets[0]?.id}/prices`,
      headers: desk.headers,
      payload: { selections: [{ id: home.toString(), odds: '1.77' }] },
    });
    sent.length = 0;
    await publisher.published([event.id, event.id]);

    expect(changed).toEqual([[event.id, event.id]]);
    expect(sent.map((entry) => entry.topic)).toEqual([`event:${event.id}`, 'live']);
    const change = sent[0]?.data as EventChange;
    expect(change).toMatchObject({ id: event.id.toString(), status: 'live', live: { home: 0, away: 0, minute: 3 } });
    expect(change.markets).toHaveLength(3);
    expect(change.markets?.every((market) => market.status === 'open')).toBe(true);
    expect(change.selections?.find((selection) => selection.id === home.toString())).toEqual({
      id: home.toString(),
      odds: '1.77',
      version: 2,
    });
    expect(sent[1]?.data as LiveListChange).toMatchObject({
      id: event.id.toString(),
      sport: 'football',
      status: 'live',
    });

    // A goal: the score, and every market suspended, in the next publication with a higher version.
    await sut.app.inject({
      method: 'POST',
      url: `/api/admin/v1/sports/events/${event.id}/live`,
      headers: desk.headers,
      payload: { home: 1, away: 0, minute: 9 },
    });
    sent.length = 0;
    await publisher.published([event.id]);
    const goal = sent[0]?.data as EventChange;
    expect(goal.version).toBeGreaterThan(change.version);
    expect(goal.live).toMatchObject({ home: 1, away: 0, minute: 9 });
    expect(goal.markets?.every((market) => market.status === 'suspended')).toBe(true);

    // The end: the event leaves the live list.
    await sut.app.inject({
      method: 'POST',
      url: `/api/admin/v1/sports/events/${event.id}/result`,
      headers: desk.headers,
      payload: { home: 1, away: 0, htHome: 1, htAway: 0 },
    });
    sent.length = 0;
    await publisher.published([event.id]);
    expect(sent[1]).toMatchObject({ topic: 'live', data: { id: event.id.toString(), left: true } });
  });

  it('tells the members watching a manual event when the start-time sweep kicks it off', async () => {
    const event = await insertEvent(sut.container.db, { startAt: new Date(Date.now() - 60_000) });
    await sut.container.db.execute(sql`update sports_events set feed = 'manual' where id = ${event.id}`);
    const publisher = createEventPublisher({ db: sut.container.db, realtime: recorder, log: { error() {} } });
    sent.length = 0;
    expect(await startDue(sut.container.db, ['manual'], new Date(), publisher)).toBeGreaterThanOrEqual(1);
    const change = sent.find((entry) => entry.topic === `event:${event.id}`)?.data as EventChange;
    expect(change).toMatchObject({ status: 'live' });
    expect(change.markets?.every((market) => market.status === 'closed')).toBe(true);
  });

  it('logs and carries on when the read fails', async () => {
    const errors: unknown[] = [];
    const publisher = createEventPublisher({
      db: { execute: () => Promise.reject(new Error('gone')) } as never,
      realtime: recorder,
      log: { error: (object) => errors.push(object) },
    });
    await expect(publisher.published([1n])).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_MARGIN } from '../pricing/margin';
import { validateResult } from '../settlement/event-result';
import { createSimulatedWorld, SIM_DRIFT_INTERVAL_MS, SIM_HORIZON_MS, type SimEvent } from './simulated-feed';
import { SIM_COMPETITIONS } from './simulated-teams';

const FROM = new Date('2030-03-10T04:00:00Z');
const TO = new Date(FROM.getTime() + SIM_HORIZON_MS);

function snapshot(seed: string) {
  const world = createSimulatedWorld({ seed, speed: 60 });
  const events = world.schedule(FROM, TO);
  return events.map((event) => ({
    ref: event.ref,
    home: event.homeName,
    away: event.awayName,
    start: event.startAt.toISOString(),
    prices: world
      .price(event, 100, DEFAULT_MARGIN)
      .map((market) => `${market.type}${market.period}${market.line}:${market.selections.map((s) => s.odds).join('/')}`)
      .join(' '),
    result: JSON.stringify(world.result(event)),
  }));
}

describe('the simulated world', () => {
  it('is the same for the same seed, and another for another seed', () => {
    const first = snapshot('alpha');
    expect(snapshot('alpha')).toEqual(first);
    const other = snapshot('beta');
    expect(other.map((event) => event.ref)).not.toEqual(first.map((event) => event.ref));
    expect(other.map((event) => `${event.home}-${event.away}`)).not.toEqual(
      first.map((event) => `${event.home}-${event.away}`),
    );
  }, 60_000);

  it("schedules every competition's slots for three days, a side at most once a day", () => {
    const world = createSimulatedWorld({ seed: 'alpha', speed: 60 });
    const events = world.schedule(FROM, TO);
    const perDay = SIM_COMPETITIONS.reduce((sum, competition) => sum + competition.slots.length, 0);
    expect(events).toHaveLength(3 * perDay);
    expect(new Set(SIM_COMPETITIONS.map((c) => c.name))).toEqual(
      new Set(['英超', '西甲', '意甲', '德甲', '法甲', '中超', '欧冠', 'NBA', 'CBA', 'ATP', 'WTA']),
    );
    expect(events.every((event) => event.startAt > FROM && event.startAt <= TO)).toBe(true);
    expect(events.map((event) => event.startAt.getTime())).toEqual(
      [...events.map((event) => event.startAt.getTime())].sort((a, b) => a - b),
    );
    const days = new Map<string, string[]>();
    for (const event of events) {
      const key = `${event.competition.ref} ${event.startAt.toISOString().slice(0, 10)}`;
      days.set(key, [...(days.get(key) ?? []), event.homeName, event.awayName]);
    }
    for (const sides of days.values()) expect(new Set(sides).size).toBe(sides.length);
    // A ref names its event again, and another seed's refs are not this world's.
    const [first] = events;
    expect(world.event(first?.ref ?? '')).toMatchObject({ homeName: first?.homeName, awayName: first?.awayName });
    expect(world.event(createSimulatedWorld({ seed: 'beta', speed: 60 }).schedule(FROM, TO)[0]?.ref ?? '')).toBeNull();
    expect(world.event('garbage')).toBeNull();
  });

  it('drifts prices step by step before kick-off and freezes them at kick-off', () => {
    const world = createSimulatedWorld({ seed: 'alpha', speed: 60 });
    const event = world.schedule(FROM, TO).find((e) => e.competition.sport === 'football') as SimEvent;
    const at = (step: number) => world.price(event, step, DEFAULT_MARGIN)[0]?.selections.map((s) => s.odds);
    const early = at(10);
    const later = at(600);
    expect(later).not.toEqual(early);
    // Going back and forth gives the same prices: a step's strengths depend on the step only.
    expect(at(10)).toEqual(early);
    expect(at(600)).toEqual(later);
    const kickoff = new Date(event.startAt.getTime());
    const afterwards = new Date(event.startAt.getTime() + 10 * SIM_DRIFT_INTERVAL_MS);
    expect(world.stepAt(event, afterwards)).toBe(world.stepAt(event, kickoff));
    expect(world.stepAt(event, new Date(event.startAt.getTime() - SIM_HORIZON_MS - 1))).toBe(0);
  });

  it('runs each match to its result: scores never go back and end on the result', () => {
    const world = createSimulatedWorld({ seed: 'alpha', speed: 60 });
    const events = world.schedule(FROM, TO);
    for (const sport of ['football', 'basketball', 'tennis'] as const) {
      for (const event of events.filter((e) => e.competition.sport === sport).slice(0, 6)) {
        const result = world.result(event);
        expect(validateResult(result).ok).toBe(true);
        const duration = world.duration(event);
        let last = { home: 0, away: 0 };
        for (let minute = 0; minute < duration; minute += 1) {
          const live = world.liveAt(event, minute);
          expect(live.home).toBeGreaterThanOrEqual(last.home);
          expect(live.away).toBeGreaterThanOrEqual(last.away);
          last = live;
        }
        const end = world.liveAt(event, duration - 0.01);
        if (result.sport === 'tennis') {
          expect(end.sets?.slice(0, -1)).toEqual(result.sets.slice(0, -1));
          expect(world.liveAt(event, duration).sets).toEqual(result.sets);
        } else {
          expect(world.liveAt(event, 70).ht).toEqual(result.ht);
          expect(world.liveAt(event, 200)).toMatchObject({ home: result.ft.home, away: result.ft.away });
          expect(end.home).toBeLessThanOrEqual(result.ft.home);
        }
      }
    }
  });
});

import type { MarketStatus, MarketType, Period, Sport } from '@jinb/contract';
import { MAX_BET_LEGS } from '@jinb/contract';
import { create } from 'zustand';
import { readStored, writeStored } from '../stored-state';
import { MIN_SYSTEM_LEGS, type SlipTab, type SystemKey } from './slip-math';

/** The book's word on a selection now: its price, that price's version and whether its market takes bets. */
export type SelectionState = { selectionId: string; odds: string; version: number; status: MarketStatus };

/** A pick on the slip, with what it needs to show itself on any page (the slip outlives the page it came from). */
export type SlipLeg = {
  selectionId: string;
  eventId: string;
  marketId: string;
  sport: Sport;
  competition: string;
  home: string;
  away: string;
  startTime: string;
  type: MarketType;
  period: Period;
  line: string | null;
  side: string;
  /** The price the member accepts: what the bet sends as the odds it saw. */
  odds: string;
  version: number;
  /**
   * A newer price or state seen since (a refresh of the page, or the book's refusal): shown as moved or unavailable
   * until the member accepts it. Null while the pick is as the member saw it.
   */
  latest: Omit<SelectionState, 'selectionId'> | null;
};

export type NewLeg = Omit<SlipLeg, 'latest'>;

type SlipState = {
  legs: SlipLeg[];
  tab: SlipTab;
  system: SystemKey | null;
  /** The stake per line as typed. */
  stake: string;
  /**
   * The Idempotency-Key of each bet being placed, by what the bet is (its fingerprint): a retry of the same bet (a
   * timeout, a double tap) sends the same key and finds the first bet; any change to it makes a new bet, a new key.
   */
  attempts: Record<string, string>;
};

export type ToggleResult = 'added' | 'removed' | 'replaced' | 'full';

type SlipActions = {
  /** Adds a pick, or takes it off when it is there; another pick of the same market takes its place. */
  toggle(leg: NewLeg): ToggleResult;
  remove(selectionId: string): void;
  /** Takes off the picks whose market no longer takes bets. */
  removeUnavailable(): void;
  clear(): void;
  setTab(tab: SlipTab): void;
  setSystem(system: SystemKey): void;
  setStake(stake: string): void;
  /** Records the book's latest word on picks that are on the slip (others are ignored); an older word never wins. */
  observe(states: ReadonlyArray<SelectionState>): void;
  /** One tap: every moved price becomes the one the member accepts. */
  acceptLatest(): void;
  /**
   * The keys for placing the bets these fingerprints describe: for a bet tried before, the same key, else a new one.
   * Keys of bets no longer on the slip are forgotten.
   */
  attemptKeys(fingerprints: readonly string[]): string[];
  /** Bets were placed: their picks leave the slip, and their keys are spent. */
  placed(selectionIds: readonly string[], fingerprints: readonly string[]): void;
};

export type SlipStore = SlipState & SlipActions;

const EMPTY: SlipState = { legs: [], tab: 'single', system: null, stake: '', attempts: {} };

/** A tab that fits this many picks: one pick is a single; a second makes a parlay unless the member chose otherwise. */
function tabFor(current: SlipTab, before: number, after: number): SlipTab {
  if (after < 2) return 'single';
  if (before < 2) return 'parlay';
  if (current === 'system' && after < MIN_SYSTEM_LEGS) return 'parlay';
  return current;
}

export function legMoved(leg: SlipLeg): boolean {
  return leg.latest !== null && leg.latest.odds !== leg.odds;
}

export function legUnavailable(leg: SlipLeg): boolean {
  return leg.latest !== null && leg.latest.status !== 'open';
}

/** The slip survives moving between pages and a reload of the tab, not the end of the browsing session. */
const STORAGE_KEY = 'sports-slip';
const STORAGE_VERSION = 1;
const storage = () => sessionStorage;

function savedSlip(): Partial<SlipState> {
  const saved = readStored(storage, STORAGE_KEY, STORAGE_VERSION);
  if (!saved || !Array.isArray(saved.legs)) return {};
  const { legs, tab, system, stake, attempts } = saved as Partial<SlipState>;
  return { legs, tab, system, stake, attempts };
}

export const useSlip = create<SlipStore>()((set, get) => ({
  ...EMPTY,
  ...savedSlip(),
  toggle(leg) {
    const { legs, tab } = get();
    if (legs.some((item) => item.selectionId === leg.selectionId)) {
      const next = legs.filter((item) => item.selectionId !== leg.selectionId);
      set({ legs: next, tab: tabFor(tab, legs.length, next.length) });
      return 'removed';
    }
    const sameMarket = legs.findIndex((item) => item.marketId === leg.marketId);
    if (sameMarket !== -1) {
      set({ legs: legs.map((item, index) => (index === sameMarket ? { ...leg, latest: null } : item)) });
      return 'replaced';
    }
    if (legs.length >= MAX_BET_LEGS) return 'full';
    const next = [...legs, { ...leg, latest: null }];
    set({ legs: next, tab: tabFor(tab, legs.length, next.length) });
    return 'added';
  },
  remove(selectionId) {
    const { legs, tab } = get();
    const next = legs.filter((leg) => leg.selectionId !== selectionId);
    set({ legs: next, tab: tabFor(tab, legs.length, next.length) });
  },
  removeUnavailable() {
    const { legs, tab } = get();
    const next = legs.filter((leg) => !legUnavailable(leg));
    set({ legs: next, tab: tabFor(tab, legs.length, next.length) });
  },
  clear: () => set({ legs: [], tab: 'single', attempts: {} }),
  setTab: (tab) => set({ tab }),
  setSystem: (system) => set({ system }),
  setStake: (stake) => set({ stake }),
  observe(states) {
    const byId = new Map(states.map((state) => [state.selectionId, state]));
    let changed = false;
    const legs = get().legs.map((leg) => {
      const state = byId.get(leg.selectionId);
      if (!state) return leg;
      const known = leg.latest ?? { odds: leg.odds, version: leg.version, status: 'open' as MarketStatus };
      if (state.version < known.version) return leg;
      if (state.version === known.version && state.status === known.status && state.odds === known.odds) return leg;
      changed = true;
      const same = state.odds === leg.odds && state.version === leg.version && state.status === 'open';
      return { ...leg, latest: same ? null : { odds: state.odds, version: state.version, status: state.status } };
    });
    if (changed) set({ legs });
  },
  acceptLatest() {
    set({
      legs: get().legs.map((leg) => {
        if (!leg.latest) return leg;
        const accepted = { ...leg, odds: leg.latest.odds, version: leg.latest.version };
        return { ...accepted, latest: leg.latest.status === 'open' ? null : leg.latest };
      }),
    });
  },
  attemptKeys(fingerprints) {
    const known = get().attempts;
    const attempts: Record<string, string> = {};
    for (const fingerprint of fingerprints) attempts[fingerprint] = known[fingerprint] ?? crypto.randomUUID();
    set({ attempts });
    return fingerprints.map((fingerprint) => attempts[fingerprint] as string);
  },
  placed(selectionIds, fingerprints) {
    const { legs, tab, attempts } = get();
    const gone = new Set(selectionIds);
    const next = legs.filter((leg) => !gone.has(leg.selectionId));
    const spent = new Set(fingerprints);
    const left = Object.fromEntries(Object.entries(attempts).filter(([fingerprint]) => !spent.has(fingerprint)));
    set({ legs: next, tab: tabFor(tab, legs.length, next.length), attempts: left });
  },
}));

useSlip.subscribe(({ legs, tab, system, stake, attempts }) =>
  writeStored(storage, STORAGE_KEY, STORAGE_VERSION, { legs, tab, system, stake, attempts }),
);

/** Reads the slip back from the tab's storage, as a new page load does. */
export function restoreSlip(): void {
  useSlip.setState(savedSlip());
}

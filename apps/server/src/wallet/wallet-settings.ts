import type { WalletSettings } from '@jinb/contract';
import { hundredths, parseAmount } from '@jinb/money';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { settings } from '../db/schema';
import type { InvalidationBus } from '../shared/invalidation-bus';

export const DEFAULT_WALLET_SETTINGS: WalletSettings = {
  flowMultiple: '1',
  withdrawMin: '100.0000',
  withdrawMax: '50000.0000',
  withdrawDailyCount: 5,
  withdrawDailyAmount: '200000.0000',
  withdrawFeeRate: '0',
  withdrawFeeFixed: '0.0000',
  depositExpiryMinutes: 15,
  depositPendingMax: 3,
  depositGraceHours: 24,
  usdtRate: '7.2000',
  cardLimits: { bank: 5, alipay: 3, usdt: 3 },
  withdrawPasswordEnabled: true,
  adjustMax: '1000000.0000',
  adjustApprovalAbove: '50000.0000',
};

/** Settings with amounts as scale-4 integers and the percentages as hundredths, ready for arithmetic. */
export type WalletRules = {
  raw: WalletSettings;
  /** Flow multiple x 100 (1.5 -> 150). */
  flowMultiple100: bigint;
  withdrawMin: bigint;
  withdrawMax: bigint;
  withdrawDailyCount: number;
  withdrawDailyAmount: bigint;
  /** Fee rate in hundredths of a percent (1.5% -> 150). */
  withdrawFeeRate100: bigint;
  withdrawFeeFixed: bigint;
  depositExpiryMs: number;
  depositPendingMax: number;
  depositGraceMs: number;
  usdtRate: bigint;
  cardLimits: WalletSettings['cardLimits'];
  withdrawPasswordEnabled: boolean;
  adjustMax: bigint;
  adjustApprovalAbove: bigint;
};

function amount(text: string): bigint {
  const parsed = parseAmount(text);
  if (!parsed.ok) throw new Error(`bad amount in wallet settings: ${text}`);
  return parsed.value;
}

export function toRules(raw: WalletSettings): WalletRules {
  return {
    raw,
    flowMultiple100: hundredths(raw.flowMultiple),
    withdrawMin: amount(raw.withdrawMin),
    withdrawMax: amount(raw.withdrawMax),
    withdrawDailyCount: raw.withdrawDailyCount,
    withdrawDailyAmount: amount(raw.withdrawDailyAmount),
    withdrawFeeRate100: hundredths(raw.withdrawFeeRate),
    withdrawFeeFixed: amount(raw.withdrawFeeFixed),
    depositExpiryMs: raw.depositExpiryMinutes * 60_000,
    depositPendingMax: raw.depositPendingMax,
    depositGraceMs: raw.depositGraceHours * 3_600_000,
    usdtRate: amount(raw.usdtRate),
    cardLimits: raw.cardLimits,
    withdrawPasswordEnabled: raw.withdrawPasswordEnabled,
    adjustMax: amount(raw.adjustMax),
    adjustApprovalAbove: amount(raw.adjustApprovalAbove ?? DEFAULT_WALLET_SETTINGS.adjustApprovalAbove ?? '0'),
  };
}

export async function loadWalletRules(db: Executor): Promise<WalletRules> {
  const [row] = await db.select().from(settings).where(eq(settings.key, 'wallet')).limit(1);
  return toRules({ ...DEFAULT_WALLET_SETTINGS, ...((row?.value as Partial<WalletSettings>) ?? {}) });
}

export async function saveWalletSettings(db: Executor, value: WalletSettings): Promise<void> {
  toRules(value);
  await db
    .insert(settings)
    .values({ key: 'wallet', value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  // The member side reads this flag through GET /api/f/v1/withdraw/password/config.
  await db
    .insert(settings)
    .values({ key: 'withdrawPassword', value: { enabled: value.withdrawPasswordEnabled } })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: { enabled: value.withdrawPasswordEnabled }, updatedAt: new Date() },
    });
}

/** How long a process may use wallet rules it was not told have changed (a lost Redis message). */
const RULES_TTL_MS = 30_000;

export type WalletRulesCache = ReturnType<typeof createWalletRulesCache>;

/**
 * The wallet rules every money request reads, kept in the process and dropped when an operator saves new ones (on
 * every process, through the invalidation bus), so a withdrawal does not read the settings table twice.
 */
export function createWalletRulesCache(db: Executor, bus: InvalidationBus) {
  let cached: { rules: Promise<WalletRules>; at: number } | undefined;
  bus.subscribe((message) => {
    if (message.kind === 'settings' && message.key === 'wallet') cached = undefined;
  });
  return {
    get(): Promise<WalletRules> {
      if (cached && Date.now() - cached.at < RULES_TTL_MS) return cached.rules;
      const rules = loadWalletRules(db);
      const entry = { rules, at: Date.now() };
      cached = entry;
      // A failed read is not remembered.
      rules.catch(() => {
        if (cached === entry) cached = undefined;
      });
      return rules;
    },
    /** After the new settings committed: this process and the others read them on their next request. */
    changed(): Promise<void> {
      cached = undefined;
      return bus.publish({ kind: 'settings', key: 'wallet' });
    },
  };
}

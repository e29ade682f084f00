import type { RewardGrantView, VipLevelView, VipStanding } from '@jinb/contract';

export function level(index: number, change: Partial<VipLevelView> = {}): VipLevelView {
  return {
    level: index,
    name: `VIP${index}`,
    turnover: `${index * 1000}.0000`,
    deposits: `${index * 100}.0000`,
    keepTurnover: index >= 2 ? `${index * 200}.0000` : '0.0000',
    upgradeBonus: `${index * 8}.0000`,
    weeklyWage: `${index * 2}.0000`,
    monthlyWage: `${index * 5}.0000`,
    birthdayBonus: `${index * 8}.0000`,
    rebateRates: { sports: `0.${index + 3}`, casino: `0.${index + 3}`, default: '0.3' },
    withdrawCount: 5 + index,
    withdrawMax: `${(index + 1) * 50000}.0000`,
    multiple: '1',
    ...change,
  };
}

export const levels = [0, 1, 2, 3].map((index) => level(index));

export function standing(change: Partial<VipStanding> = {}): VipStanding {
  return {
    level: 1,
    name: 'VIP1',
    peak: 1,
    turnover: '1500.0000',
    deposits: '150.0000',
    next: {
      level: 2,
      name: 'VIP2',
      turnover: '2000.0000',
      deposits: '200.0000',
      turnoverPercent: 75,
      depositsPercent: 75,
    },
    month: { turnover: '300.0000', keepTurnover: '0.0000', percent: 100, kept: true },
    birthday: null,
    ...change,
  };
}

export function grant(id: number, change: Partial<RewardGrantView> = {}): RewardGrantView {
  return {
    id: String(id),
    programme: 'vip_upgrade',
    reference: `vip:${id}`,
    amount: '8.0000',
    turnoverRequired: '8.0000',
    detail: { level: id, name: `VIP${id}` },
    createdAt: '2030-05-01T12:00:00Z',
    ...change,
  };
}

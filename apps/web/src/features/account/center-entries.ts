import {
  BankcardOutline,
  BillOutline,
  ChatAddOutline,
  CouponOutline,
  FlagOutline,
  GiftOutline,
  LockOutline,
  LoopOutline,
  MailOutline,
  PayCircleOutline,
  PieOutline,
  QuestionCircleOutline,
  ReceivePaymentOutline,
  StarOutline,
  TeamOutline,
  UnorderedListOutline,
  UserOutline,
} from 'antd-mobile-icons';
import type { ComponentType } from 'react';
import { paths } from '../../shared/paths';

export type CenterEntryKey =
  | 'deposit'
  | 'withdraw'
  | 'transfer'
  | 'assets'
  | 'cards'
  | 'records'
  | 'bets'
  | 'vip'
  | 'tasks'
  | 'redemption'
  | 'messages'
  | 'feedback'
  | 'agent'
  | 'help'
  | 'sponsor'
  | 'personalInfo'
  | 'security';

type EntryBase = {
  key: CenterEntryKey;
  /** Wallet shortcuts sit in a grid under the balance; the rest form the list below. */
  group: 'wallet' | 'service';
  icon: ComponentType<{ fontSize?: number | string }>;
  /** Shows the unread-message count on the entry. */
  badge?: 'unread';
  /** Shown to visitors too (under the sign-in card): pages anyone may read. */
  public?: true;
};

/** A feature that does not work yet is hidden, never shown as a dead button: its issue flips `enabled` and adds `to`. */
export type CenterEntry = EntryBase & ({ enabled: true; to: string } | { enabled: false; to?: undefined });

export const centerEntries: readonly CenterEntry[] = [
  { key: 'deposit', group: 'wallet', icon: ReceivePaymentOutline, enabled: true, to: paths.deposit },
  { key: 'withdraw', group: 'wallet', icon: PayCircleOutline, enabled: true, to: paths.withdraw },
  { key: 'transfer', group: 'wallet', icon: LoopOutline, enabled: true, to: paths.transfer },
  { key: 'assets', group: 'wallet', icon: PieOutline, enabled: true, to: paths.myAssets },
  // Four wallet shortcuts fill the grid's row; the account pages sit at the top of the list.
  { key: 'cards', group: 'service', icon: BankcardOutline, enabled: true, to: paths.cards },
  { key: 'records', group: 'service', icon: BillOutline, enabled: true, to: paths.transactionRecord },
  { key: 'bets', group: 'service', icon: CouponOutline, enabled: true, to: paths.bettingRecord },
  { key: 'redemption', group: 'service', icon: GiftOutline, enabled: true, to: paths.redemptionRecord },
  { key: 'vip', group: 'service', icon: StarOutline, enabled: true, to: paths.vipPrivilege },
  { key: 'tasks', group: 'service', icon: UnorderedListOutline, enabled: true, to: paths.task },
  { key: 'messages', group: 'service', icon: MailOutline, badge: 'unread', enabled: true, to: paths.message },
  { key: 'feedback', group: 'service', icon: ChatAddOutline, enabled: true, to: paths.feedback },
  { key: 'agent', group: 'service', icon: TeamOutline, enabled: true, to: paths.agentPage },
  { key: 'help', group: 'service', icon: QuestionCircleOutline, enabled: true, to: paths.helpCenter, public: true },
  { key: 'sponsor', group: 'service', icon: FlagOutline, enabled: true, to: paths.sponsor, public: true },
  { key: 'personalInfo', group: 'service', icon: UserOutline, enabled: true, to: paths.personalInfo },
  { key: 'security', group: 'service', icon: LockOutline, enabled: true, to: paths.setting },
];

export function enabledEntries(
  group: CenterEntry['group'],
  entries: readonly CenterEntry[] = centerEntries,
): Extract<CenterEntry, { enabled: true }>[] {
  return entries.filter(
    (entry): entry is Extract<CenterEntry, { enabled: true }> => entry.enabled && entry.group === group,
  );
}

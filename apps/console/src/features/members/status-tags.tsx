import type { MemberBetStatus, MemberPaymentStatus } from '@jinb/contract';
import { Tag } from 'antd';
import { membersMessages as t } from './messages';

/** Waiting on someone is orange, in progress blue, done green, refused red, undone or lapsed grey. */
export const BET_STATUS_COLORS: Record<MemberBetStatus, string> = {
  pending: 'orange',
  open: 'blue',
  settled: 'green',
  refused: 'red',
  cashed_out: 'cyan',
  refunded: 'default',
  rolled_back: 'default',
};

export const PAYMENT_STATUS_COLORS: Record<MemberPaymentStatus, string> = {
  pending: 'orange',
  confirmed: 'green',
  rejected: 'red',
  expired: 'default',
  unhandled: 'orange',
  accepted: 'blue',
  paid: 'green',
  refused: 'red',
  cancelled: 'default',
};

export function BetStatusTag({ status }: { status: MemberBetStatus }) {
  return <Tag color={BET_STATUS_COLORS[status]}>{t.bets.statuses[status]}</Tag>;
}

export function PaymentStatusTag({ status }: { status: MemberPaymentStatus }) {
  return <Tag color={PAYMENT_STATUS_COLORS[status]}>{t.payments.statuses[status]}</Tag>;
}

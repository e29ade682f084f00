import { MEMBER_BET_STATUSES, MEMBER_PAYMENT_STATUSES, memberBetRow, memberPaymentRow } from '@jinb/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { membersMessages as t } from './messages';
import { BET_STATUS_COLORS, BetStatusTag, PAYMENT_STATUS_COLORS, PaymentStatusTag } from './status-tags';

/** The statuses the contract's row schemas accept, read from the schemas themselves rather than from a list here. */
const betStatuses = memberBetRow.shape.status.options;
const paymentStatuses = memberPaymentRow.shape.status.options;

describe("a member's bet and payment statuses", () => {
  it('have a word and a colour for every status the contract can answer, never the raw code', () => {
    expect([...betStatuses].sort()).toEqual([...MEMBER_BET_STATUSES].sort());
    expect([...paymentStatuses].sort()).toEqual([...MEMBER_PAYMENT_STATUSES].sort());
    for (const status of betStatuses) {
      const label: string | undefined = (t.bets.statuses as Record<string, string>)[status];
      expect(label, status).toMatch(/\p{Script=Han}/u);
      expect((BET_STATUS_COLORS as Record<string, string>)[status], status).toBeTruthy();
    }
    for (const status of paymentStatuses) {
      const label: string | undefined = (t.payments.statuses as Record<string, string>)[status];
      expect(label, status).toMatch(/\p{Script=Han}/u);
      expect((PAYMENT_STATUS_COLORS as Record<string, string>)[status], status).toBeTruthy();
    }
  });

  it('include every status our book, our tables, the vendors, deposits and withdrawals have', () => {
    for (const status of ['pending', 'cashed_out', 'refused', 'refunded', 'rolled_back'])
      expect(betStatuses).toContain(status);
    for (const status of ['pending', 'expired', 'unhandled', 'accepted', 'paid', 'cancelled'])
      expect(paymentStatuses).toContain(status);
  });

  it('show the label in a coloured tag', () => {
    render(
      <>
        <BetStatusTag status="cashed_out" />
        <PaymentStatusTag status="unhandled" />
      </>,
    );
    expect(screen.getByText('已提前结算').className).toMatch(/ant-tag-cyan/);
    expect(screen.getByText('未受理').className).toMatch(/ant-tag-orange/);
    expect(screen.queryByText('cashed_out')).toBeNull();
  });
});

import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { mainBalance, type Operator, operator, signedInOperator, walletMember } from '../test/wallet-fixtures';

describe.each(testDatabases)('operator actions on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
    await desk.settings({ adjustMax: '1000000.0000', adjustApprovalAbove: '50000.0000' });
  });
  afterAll(async () => {
    await sut?.close();
  });

  async function auditActions(target: string): Promise<string[]> {
    const rows = await sut.container.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, target))
      .orderBy(asc(auditLog.id));
    return rows.map((row) => row.action);
  }

  describe('an adjustment above the approval threshold', () => {
    it('moves nothing until a second money-desk operator approves it, then moves it exactly once', async () => {
      const member = await walletMember(sut, { card: false });
      const asked = await sut.post(
        `/api/admin/v1/members/${member.id}/adjust`,
        { amount: '80000', reason: 'VIP compensation' },
        { ...desk.headers, 'idempotency-key': `big-credit-${member.id}` },
      );
      expect(asked.json()).toMatchObject({ status: true, data: { transferId: null, approval: { status: 'pending' } } });
      const approvalId = asked.json().data.approval.id as string;
      expect(await mainBalance(sut, member.token)).toBe('0.0000');

      // A replay of the same request (a double click) files nothing new.
      const replay = await sut.post(
        `/api/admin/v1/members/${member.id}/adjust`,
        { amount: '80000', reason: 'VIP compensation' },
        { ...desk.headers, 'idempotency-key': `big-credit-${member.id}` },
      );
      expect(replay.json().data.approval.id).toBe(approvalId);

      const own = await desk.post(`/api/admin/v1/approvals/${approvalId}/approve`);
      expect(own.statusCode).toBe(403);
      expect(own.json()).toMatchObject({ status: false, code: 'APPROVAL_SELF' });
      const support = await signedInOperator(sut, 'support');
      const bySupport = await sut.post(`/api/admin/v1/approvals/${approvalId}/approve`, {}, support.headers);
      expect(bySupport.json()).toMatchObject({ status: false, code: 'FORBIDDEN' });
      expect(await mainBalance(sut, member.token)).toBe('0.0000');

      const pending = (await desk.get('/api/admin/v1/approvals?status=pending')).json().data.rows as Array<{
        id: string;
      }>;
      expect(pending.map((item) => item.id)).toContain(approvalId);

      // Two checkers approving at the same moment: one carries it out, the other is told it is decided.
      const [first, second] = await Promise.all([signedInOperator(sut, 'finance'), signedInOperator(sut, 'admin')]);
      const answers = await Promise.all(
        [first, second].map((checker) =>
          sut.post(`/api/admin/v1/approvals/${approvalId}/approve`, {}, checker.headers),
        ),
      );
      const codes = answers.map((answer) => answer.json().code ?? answer.json().data.status).sort();
      expect(codes).toEqual(['APPROVAL_DECIDED', 'approved']);
      expect(await mainBalance(sut, member.token)).toBe('80000.0000');
      expect(await auditActions(`member:${member.id}`)).toEqual(['wallet.adjust']);
      expect(await auditActions(`approval:${approvalId}`)).toEqual(['approval.request', 'approval.approve']);
      expect((await desk.ledgerCheck()).ok).toBe(true);
    });

    it('moves nothing when the second operator rejects it, and a decided request stays decided', async () => {
      const member = await walletMember(sut, { card: false });
      const asked = await desk.post(`/api/admin/v1/members/${member.id}/adjust`, {
        amount: '-60000',
        reason: 'suspected bonus abuse',
      });
      const approvalId = asked.json().data.approval.id as string;
      const checker = await signedInOperator(sut, 'finance');
      const rejected = await sut.post(
        `/api/admin/v1/approvals/${approvalId}/reject`,
        { reason: 'no evidence attached' },
        checker.headers,
      );
      expect(rejected.json()).toMatchObject({
        status: true,
        data: { status: 'rejected', reason: 'no evidence attached' },
      });
      const late = await sut.post(`/api/admin/v1/approvals/${approvalId}/approve`, {}, checker.headers);
      expect(late.json()).toMatchObject({ status: false, code: 'APPROVAL_DECIDED' });
      expect(await mainBalance(sut, member.token)).toBe('0.0000');
    });

    it('still refuses an amount above the hard cap, approval or not', async () => {
      const member = await walletMember(sut, { card: false });
      const response = await desk.post(`/api/admin/v1/members/${member.id}/adjust`, {
        amount: '1000000.0001',
        reason: 'fuzzed credit',
      });
      expect(response.json()).toMatchObject({ status: false, code: 'ADJUST_TOO_LARGE' });
      expect((await desk.get('/api/admin/v1/approvals?status=pending')).json().data.rows).not.toContainEqual(
        expect.objectContaining({ target: `member:${member.id}` }),
      );
    });
  });

  describe('the audit row is written in the same transaction as the action', () => {
    // A trigger that refuses audit rows stands in for a crash or a failed insert between action and record.
    async function breakAuditLog() {
      await sut.container.db.execute(sql`
        CREATE OR REPLACE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'audit log unavailable'; END $$`);
      await sut.container.db.execute(
        sql`CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()`,
      );
    }
    async function repairAuditLog() {
      await sut.container.db.execute(sql`DROP TRIGGER IF EXISTS refuse_audit ON audit_log`);
    }

    it('moves no money and changes no state when the audit row cannot be written', async () => {
      const member = await walletMember(sut);
      await desk.credit(member.id, '1000');
      const order = (
        await sut.post('/api/f/v1/wallet/deposit', { channel: 'bank', amount: '500' }, member.headers)
      ).json().data;
      const withdrawal = (
        await sut.post(
          '/api/f/v1/wallet/withdraw',
          { amount: '200', cardId: member.cardId, password: sut.encrypt('123456') },
          member.headers,
        )
      ).json().data;
      expect(await mainBalance(sut, member.token)).toBe('800.0000');

      await breakAuditLog();
      try {
        const attempts = [
          await desk.post(`/api/admin/v1/members/${member.id}/adjust`, { amount: '300', reason: 'goodwill credit' }),
          await desk.post(`/api/admin/v1/deposits/${order.id}/confirm`),
          await desk.post(`/api/admin/v1/withdrawals/${withdrawal.id}/pay`),
          await desk.post(`/api/admin/v1/withdrawals/${withdrawal.id}/refuse`, { reason: 'card holder mismatch' }),
          await desk.post(`/api/admin/v1/members/${member.id}/turnover/waive`),
        ];
        for (const attempt of attempts) expect(attempt.json()).toMatchObject({ status: false, code: 'INTERNAL' });
      } finally {
        await repairAuditLog();
      }

      expect(await mainBalance(sut, member.token)).toBe('800.0000');
      const deposit = (await sut.get(`/api/f/v1/wallet/deposit/order?id=${order.id}`, member.headers)).json().data;
      expect(deposit.status).toBe('pending');
      const withdrawals = (await sut.get('/api/f/v1/wallet/withdrawals', member.headers)).json().data;
      expect(withdrawals.find((item: { id: string }) => item.id === withdrawal.id).status).toBe('unhandled');
      expect((await desk.ledgerCheck()).ok).toBe(true);

      // With the log back, the same decisions go through and are recorded.
      expect((await desk.post(`/api/admin/v1/deposits/${order.id}/confirm`)).json().data.status).toBe('confirmed');
      expect((await desk.post(`/api/admin/v1/withdrawals/${withdrawal.id}/pay`)).json().data.status).toBe('paid');
      expect(await auditActions(`deposit:${order.id}`)).toEqual(['deposit.confirm']);
      expect(await auditActions(`withdrawal:${withdrawal.id}`)).toEqual(['withdrawal.pay']);
    });

    it('keeps the old settings when the audit row of a change cannot be written', async () => {
      const before = (await desk.get('/api/admin/v1/wallet/settings')).json().data;
      await breakAuditLog();
      try {
        const response = await sut.app.inject({
          method: 'PUT',
          url: '/api/admin/v1/wallet/settings',
          payload: { ...before, withdrawMin: '123.0000' },
          headers: desk.headers,
        });
        expect(response.json()).toMatchObject({ status: false, code: 'INTERNAL' });
      } finally {
        await repairAuditLog();
      }
      expect((await desk.get('/api/admin/v1/wallet/settings')).json().data.withdrawMin).toBe(before.withdrawMin);
    });
  });

  describe('sessions', () => {
    it('lets an admin sign another operator out everywhere, and nobody else', async () => {
      const colleague = await signedInOperator(sut, 'finance');
      const other = await signedInOperator(sut, 'finance');
      const byFinance = await sut.post(`/api/admin/v1/operators/${colleague.id}/sessions/revoke`, {}, other.headers);
      expect(byFinance.statusCode).toBe(403);
      expect((await sut.get('/api/admin/v1/me', colleague.headers)).statusCode).toBe(200);

      const byAdmin = await desk.post(`/api/admin/v1/operators/${colleague.id}/sessions/revoke`);
      expect(byAdmin.json()).toMatchObject({ status: true, data: { ended: 1 } });
      expect((await sut.get('/api/admin/v1/me', colleague.headers)).statusCode).toBe(401);
      expect((await sut.get('/api/admin/v1/me', other.headers)).statusCode).toBe(200);
      expect(await auditActions(`operator:${colleague.id}`)).toEqual(['sessions.revoke-operator']);
      expect((await desk.post('/api/admin/v1/operators/999999/sessions/revoke')).statusCode).toBe(404);
    });
  });
});

import { errorMessages } from '@jinb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { mainBalance, type Operator, operator, walletMember } from '../test/wallet-fixtures';

/**
 * How each kind of approval request is filed, and how to tell that nothing was carried out. A kind registered on the
 * server without a line here fails the first test, so a new kind cannot ship without its four-eyes check.
 */
const KINDS: Record<
  string,
  (sut: TestApp, requester: Operator) => Promise<{ approvalId: string; untouched: () => Promise<void> }>
> = {
  'wallet.adjust': async (sut, requester) => {
    const member = await walletMember(sut, { card: false });
    const asked = await requester.post(`/api/admin/v1/members/${member.id}/adjust`, {
      amount: '70000',
      reason: 'goodwill credit',
    });
    const approvalId = asked.json().data.approval?.id as string;
    expect(approvalId, asked.body).toBeTruthy();
    return {
      approvalId,
      untouched: async () => expect(await mainBalance(sut, member.token)).toBe('0.0000'),
    };
  },
};

describe.each(testDatabases)('four eyes: no operator decides their own request, on %s', (kind) => {
  let sut: TestApp;
  let requester: Operator;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    requester = await operator(sut);
  }, 120_000);
  afterAll(async () => {
    await sut?.close();
  });

  it('has a check below for every kind of request the server files', () => {
    expect(sut.container.approvals.kinds().sort()).toEqual(Object.keys(KINDS).sort());
  });

  it.each(Object.keys(KINDS))(
    '%s: approving or rejecting one you filed is refused and changes nothing',
    async (name) => {
      const file = KINDS[name];
      if (!file) throw new Error(`no filer for ${name}`);
      const { approvalId, untouched } = await file(sut, requester);

      const approve = await requester.post(`/api/admin/v1/approvals/${approvalId}/approve`);
      expect(approve.statusCode).toBe(403);
      expect(approve.json()).toEqual({
        status: false,
        code: 'APPROVAL_SELF',
        data: errorMessages['zh-CN'].APPROVAL_SELF,
      });
      const reject = await requester.post(`/api/admin/v1/approvals/${approvalId}/reject`, {
        reason: 'changed my mind',
      });
      expect(reject.statusCode).toBe(403);
      expect(reject.json()).toMatchObject({ status: false, code: 'APPROVAL_SELF' });

      await untouched();
      const mine = (await requester.get(`/api/admin/v1/approvals?status=&pageSize=100`)).json().data.rows as Array<{
        id: string;
        status: string;
        decidedBy: string | null;
      }>;
      expect(mine.find((row) => row.id === approvalId)).toMatchObject({ status: 'pending', decidedBy: null });

      // A second operator may still decide it: the refusal was about who asked, not the request.
      const approved = await sut.post(
        `/api/admin/v1/approvals/${approvalId}/approve`,
        {},
        await requester.checkerHeaders(),
      );
      expect(approved.json()).toMatchObject({ status: true, data: { status: 'approved' } });
    },
  );
});

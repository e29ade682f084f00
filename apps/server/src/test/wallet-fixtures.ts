import { randomBytes } from 'node:crypto';
import type { OperatorRole, WalletSettings } from '@jinb/contract';
import type { TestApp } from './test-app';

/** A fresh operator with this role, signed in; its id and bearer headers. */
export async function signedInOperator(sut: TestApp, role: OperatorRole) {
  const account = `op${role}${randomBytes(3).toString('hex')}`;
  const created = await sut.container.admin.createOperator(account, 'operator12345', role);
  if (!created) throw new Error('operator not created');
  const login = await sut.operatorLogin(account, 'operator12345');
  return { id: String(created.id), headers: { authorization: `Bearer ${login.json().data.token}` } };
}

/** Operator helpers for wallet tests: a bearer token, settings, credits. */
export async function operator(sut: TestApp) {
  await sut.seedAccounts();
  const login = await sut.operatorLogin('admin', 'admin123456');
  const token = login.json().data.token as string;
  const headers = { authorization: `Bearer ${token}` };
  let checker: Record<string, string> | undefined;
  /** A second money-desk operator, made on first use, for four-eyes approvals. */
  async function checkerHeaders(): Promise<Record<string, string>> {
    checker ??= (await signedInOperator(sut, 'finance')).headers;
    return checker;
  }
  return {
    headers,
    async settings(change: Partial<WalletSettings>) {
      const current = (await sut.get('/api/admin/v1/wallet/settings', headers)).json().data as WalletSettings;
      const response = await sut.app.inject({
        method: 'PUT',
        url: '/api/admin/v1/wallet/settings',
        payload: { ...current, ...change },
        headers,
      });
      if (response.statusCode !== 200) throw new Error(`settings: ${response.body}`);
    },
    /** Credits a member; above the approval threshold a second operator (the checker) approves it, as on the desk. */
    async credit(memberId: string, amount: string) {
      const response = await sut.post(
        `/api/admin/v1/members/${memberId}/adjust`,
        { amount, reason: 'test credit' },
        headers,
      );
      if (response.statusCode !== 200) throw new Error(`adjust: ${response.body}`);
      const approval = response.json().data.approval as { id: string } | null;
      if (!approval) return;
      const approved = await sut.post(`/api/admin/v1/approvals/${approval.id}/approve`, {}, await checkerHeaders());
      if (approved.statusCode !== 200) throw new Error(`approve: ${approved.body}`);
    },
    checkerHeaders,
    async ledgerCheck() {
      return (await sut.get('/api/admin/v1/ledger/check', headers)).json().data;
    },
    post(url: string, body: Record<string, string> = {}) {
      return sut.post(url, body, headers);
    },
    get(url: string) {
      return sut.get(url, headers);
    },
  };
}

export type Operator = Awaited<ReturnType<typeof operator>>;

/** A registered member with a withdraw password (123456) and optionally a bound bank card. */
export async function walletMember(sut: TestApp, options: { card?: boolean } = {}) {
  const registered = await sut.register();
  const t = registered.token;
  const id = (await sut.get('/api/findmed/v1/member/token', { t })).json().data.id as string;
  await sut.stepUp(registered);
  const set = await sut.post('/api/f/v1/withdraw/password', { password: sut.encrypt('123456') }, { t });
  if (set.statusCode !== 200) throw new Error(`withdraw password: ${set.body}`);
  let cardId = '';
  if (options.card !== false) {
    const card = await sut.post(
      '/api/f/v1/cards',
      {
        kind: 'bank',
        bankCode: 'ICBC',
        branch: '深圳分行',
        holderName: '张三',
        accountNo: '6222021234567890123',
        password: sut.encrypt('123456'),
      },
      { t },
    );
    if (card.statusCode !== 200) throw new Error(`card: ${card.body}`);
    cardId = card.json().data.id;
  }
  return { ...registered, id, cardId, headers: { t } };
}

export async function mainBalance(sut: TestApp, token: string): Promise<string> {
  return (await sut.get('/api/findmed/v1/member/balance', { t: token })).json().data.balance;
}

import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../db/result-rows';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { type Operator, operator, signedInOperator, walletMember } from '../test/wallet-fixtures';

type ListAnswer = { rows: Array<{ id: string; account: string; balance: string; status: string }>; total: number };

describe.each(testDatabases)('the members desk on %s', (kind) => {
  let sut: TestApp;
  let admin: Operator;

  beforeAll(async () => {
    sut = await createTestApp(kind);
    admin = await operator(sut);
  });
  afterAll(async () => {
    await sut?.close();
  });

  async function memberId(token: string): Promise<string> {
    return (await sut.get('/api/findmed/v1/member/token', { t: token })).json().data.id as string;
  }

  async function search(query: Record<string, string>, headers = admin.headers) {
    return sut.get(`/api/admin/v1/members/search?${new URLSearchParams(query)}`, headers);
  }

  async function found(query: Record<string, string>): Promise<string[]> {
    const response = await search(query);
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json().data as ListAnswer;
    expect(list.total).toBe(list.rows.length);
    return list.rows.map((row) => row.id);
  }

  function run(statement: ReturnType<typeof sql>) {
    return sut.container.db.execute(statement);
  }

  it('finds a main wallet account for every member, the seeded downline too: the balance sort walks their index', async () => {
    const [row] = resultRows<{ members: number; without: number }>(
      await run(sql`select count(*)::int as members, count(*) filter (where not exists (
          select 1 from wallet_accounts wa where wa.member_id = m.id and wa.kind = 'main'))::int as without
        from members m`),
    );
    expect(row?.members).toBeGreaterThan(5);
    expect(row?.without).toBe(0);
  });

  describe('searching', () => {
    let target: { id: string; account: string; phone: string; device: string; inviteCode: string };
    let other: { id: string };
    const tag = randomBytes(3).toString('hex');

    beforeAll(async () => {
      const registered = await sut.register(`s${tag}a`);
      const id = await memberId(registered.token);
      const otherRegistered = await sut.register(`s${tag}b`);
      other = { id: await memberId(otherRegistered.token) };
      await run(sql`update members set real_name = ${`欧阳${tag}`}, vip_level = 7,
        created_at = '2020-01-01T00:00:00Z' where id = ${BigInt(id)}`);
      const [row] = resultRows<{ invite_code: string }>(
        await run(sql`select invite_code from members where id = ${BigInt(id)}`),
      );
      target = {
        id,
        account: registered.account,
        phone: registered.phone,
        device: registered.device,
        inviteCode: row?.invite_code ?? '',
      };
    });

    it('finds the member by account prefix, and both members by their shared prefix', async () => {
      expect(await found({ account: target.account })).toEqual([target.id]);
      expect((await found({ account: `S${tag}` })).sort()).toEqual([target.id, other.id].sort());
      // A LIKE wildcard in the box is a character, not "anything".
      expect(await found({ account: `s${tag}_` })).toEqual([]);
    });

    it('finds the member by phone, real name prefix, invite code and device, each exactly them', async () => {
      expect(await found({ phone: target.phone })).toEqual([target.id]);
      expect(await found({ realName: `欧阳${tag.slice(0, 4)}` })).toEqual([target.id]);
      expect(await found({ inviteCode: target.inviteCode.toLowerCase() })).toEqual([target.id]);
      expect(await found({ deviceNo: target.device })).toEqual([target.id]);
      expect(await found({ phone: '13000000000' })).toEqual([]);
    });

    it('filters by VIP level and registration range, combined with the other filters', async () => {
      expect(await found({ vipLevel: '7' })).toEqual([target.id]);
      expect(await found({ registeredTo: '2020-01-02T00:00:00Z' })).toEqual([target.id]);
      expect(
        await found({ registeredFrom: '2019-12-31T00:00:00Z', registeredTo: '2020-01-02T00:00:00Z', vipLevel: '7' }),
      ).toEqual([target.id]);
      expect(await found({ registeredTo: '2020-01-02T00:00:00Z', vipLevel: '6' })).toEqual([]);
      expect((await found({ account: `s${tag}`, registeredFrom: '2021-01-01T00:00:00Z' })).sort()).toEqual([other.id]);
    });

    it('sorts by balance and pages with the total of every page', async () => {
      await admin.credit(other.id, '321.0000');
      const first = (await search({ sort: '-balance', pageSize: '1' })).json().data as ListAnswer;
      expect(first.rows).toHaveLength(1);
      expect(first.total).toBeGreaterThanOrEqual(3);
      const all = (await search({ sort: '-balance', pageSize: '100' })).json().data as ListAnswer;
      const balances = all.rows.map((row) => Number(row.balance));
      expect(balances).toEqual([...balances].sort((a, b) => b - a));
      expect(all.rows[0]?.id).toBe(first.rows[0]?.id);
      const second = (await search({ sort: '-balance', pageSize: '1', page: '2' })).json().data as ListAnswer;
      expect(second.rows[0]?.id).toBe(all.rows[1]?.id);
      const oldestFirst = (await search({ sort: 'registered', pageSize: '1' })).json().data as ListAnswer;
      expect(oldestFirst.rows[0]?.id).toBe(target.id);
    });

    it('lists a member who never had a wallet account, at 0, so the rows match the total', async () => {
      const fresh = await sut.register(`s${tag}c`);
      const id = await memberId(fresh.token);
      await run(sql`delete from wallet_accounts where member_id = ${BigInt(id)}`);
      expect(await found({ account: `s${tag}c` })).toEqual([id]);
      const byBalance = await search({ account: `s${tag}`, sort: 'balance', pageSize: '100' });
      const list = byBalance.json().data as ListAnswer;
      expect(list.rows.map((row) => row.id)).toContain(id);
      expect(list.rows.find((row) => row.id === id)?.balance).toBe('0.0000');
    });

    it('refuses an unknown sort, status or page size', async () => {
      expect((await search({ sort: 'password' })).statusCode).toBe(400);
      expect((await search({ status: 'gone' })).json().code).toBe('STATUS_UNKNOWN');
      expect((await search({ pageSize: '101' })).statusCode).toBe(400);
    });
  });

  describe('many members', () => {
    // Past 2,000 matches the list walks the sort's index, and past the middle from its other end: the pages must hold
    // what a plain ORDER BY ... OFFSET gives, the last one included.
    beforeAll(async () => {
      await run(sql`insert into members (account, password_hash, invite_code, vip_level, created_at, last_login_at)
        select 'bulk' || g, 'x', 'BULK' || g, g % 4, now() - (g || ' minutes')::interval,
          case when g % 3 = 0 then null else now() - (g % 97 || ' minutes')::interval end
        from generate_series(1, 2500) as g`);
      await run(sql`insert into wallet_accounts (member_id, kind, balance)
        select id, 'main', (id * 7919) % 100000 from members where password_hash = 'x'`);
    });

    async function expected(order: string, offset: number, where = "m.password_hash = 'x'") {
      return resultRows<{ id: string }>(
        await run(
          sql.raw(`select m.id::text as id from members m join wallet_accounts wa on wa.member_id = m.id
            and wa.kind = 'main' where ${where} order by ${order} limit 20 offset ${offset}`),
        ),
      ).map((row) => row.id);
    }

    it('gives every page, the last ones too, in the order a plain OFFSET would', async () => {
      const total = ((await search({ account: 'bulk' })).json().data as ListAnswer).total;
      expect(total).toBe(2500);
      const cases: Array<[Record<string, string>, string, number]> = [
        [{ sort: 'registered', page: '1' }, 'm.created_at asc, m.id asc', 0],
        [{ sort: 'registered', page: '125' }, 'm.created_at asc, m.id asc', 2480],
        [{ sort: '-balance', page: '100' }, 'wa.balance desc, wa.member_id desc', 1980],
        [{ sort: '-lastSignIn', page: '120' }, 'm.last_login_at desc nulls last, m.id desc', 2380],
        [{ sort: 'lastSignIn', page: '80' }, 'm.last_login_at asc nulls first, m.id asc', 1580],
        [{ sort: '-vip', page: '90' }, 'm.vip_level desc, m.id desc', 1780],
      ];
      for (const [query, order, offset] of cases) {
        const page = (await search({ ...query, account: 'bulk' })).json().data as ListAnswer;
        expect(page.total).toBe(2500);
        expect(page.rows.map((row) => row.id)).toEqual(await expected(order, offset));
      }
      const past = (await search({ account: 'bulk', page: '126' })).json().data as ListAnswer;
      expect(past).toEqual({ rows: [], total: 2500 });
    });
  });

  describe('who may', () => {
    it('lets support read members but not lock them, and refuses a trader both', async () => {
      const member = await sut.register();
      const id = await memberId(member.token);
      const support = await signedInOperator(sut, 'support');
      expect((await search({ account: member.account }, support.headers)).statusCode).toBe(200);
      expect((await sut.get(`/api/admin/v1/members/${id}/profile`, support.headers)).statusCode).toBe(200);
      const lock = await sut.post(`/api/admin/v1/members/${id}/lock`, { reason: '涉嫌套利' }, support.headers);
      expect(lock.statusCode).toBe(403);
      const trader = await signedInOperator(sut, 'trader' as 'support');
      expect((await search({ account: member.account }, trader.headers)).statusCode).toBe(403);
      expect((await sut.get(`/api/admin/v1/members/${id}/profile`, trader.headers)).statusCode).toBe(403);
      const [row] = resultRows<{ status: string }>(await run(sql`select status from members where id = ${BigInt(id)}`));
      expect(row?.status).toBe('active');
    });
  });

  describe('locking', () => {
    it('refuses a locked member sign-in, ends their sessions, and lets them in again once unlocked', async () => {
      const member = await sut.register();
      const id = await memberId(member.token);
      const lock = await admin.post(`/api/admin/v1/members/${id}/lock`, { reason: '涉嫌盗号，冻结核查' });
      expect(lock.json()).toEqual({ status: true, data: { status: 'disabled', endedSessions: 1 } });
      expect((await sut.get('/api/findmed/v1/member/balance', { t: member.token })).json().data).toBe('token');
      const refused = await sut.login(member.account, member.password);
      expect(refused.json().code).toBe('ACCOUNT_DISABLED');
      const listed = (await search({ account: member.account, status: 'disabled' })).json().data as ListAnswer;
      expect(listed.rows.map((row) => row.id)).toEqual([id]);
      const profile = (await admin.get(`/api/admin/v1/members/${id}/profile`)).json().data;
      expect(profile).toMatchObject({ status: 'disabled', lockReason: '涉嫌盗号，冻结核查', liveSessions: 0 });

      const unlock = await admin.post(`/api/admin/v1/members/${id}/unlock`, { reason: '核查完毕，解除冻结' });
      expect(unlock.json()).toEqual({ status: true, data: { status: 'active', endedSessions: 0 } });
      expect((await sut.login(member.account, member.password)).statusCode).toBe(200);
      const audit = resultRows<{ action: string }>(
        await run(sql`select action from audit_log where target = ${`member:${id}`} order by id`),
      );
      expect(audit.map((row) => row.action)).toEqual(['member.lock', 'member.unlock']);
    });

    it('refuses a lock without a real reason, and an unknown member', async () => {
      const member = await sut.register();
      const id = await memberId(member.token);
      expect((await admin.post(`/api/admin/v1/members/${id}/lock`, { reason: '..' })).json().code).toBe(
        'REASON_REQUIRED',
      );
      expect((await admin.post('/api/admin/v1/members/999999999/lock', { reason: '涉嫌盗号' })).statusCode).toBe(404);
      expect((await sut.get('/api/findmed/v1/member/balance', { t: member.token })).statusCode).toBe(200);
    });

    it('ends every session without locking, and the member may sign in again', async () => {
      const member = await sut.register();
      const id = await memberId(member.token);
      const support = await signedInOperator(sut, 'support');
      const ended = await sut.post(
        `/api/admin/v1/members/${id}/sessions/revoke`,
        { reason: '会员手机丢失' },
        support.headers,
      );
      expect(ended.json()).toEqual({ status: true, data: { status: 'active', endedSessions: 1 } });
      expect((await sut.get('/api/findmed/v1/member/balance', { t: member.token })).json().data).toBe('token');
      expect((await sut.login(member.account, member.password)).statusCode).toBe(200);
    });
  });

  describe("a member's picture", () => {
    it('links members sharing a device, a phone number or a payout account, and no one else', async () => {
      const first = await walletMember(sut);
      // The same phone used by a second member (the card's account number is the fixture's, shared too).
      const second = await walletMember(sut);
      const loner = await sut.register();
      const lonerId = await memberId(loner.token);
      const sameDevice = await sut.register(undefined, undefined, undefined, { device: first.device });
      const sameDeviceId = await memberId(sameDevice.token);
      await run(sql`update members set phone_area = '852', phone = ${first.phone} where id = ${BigInt(lonerId)}`);

      const links = (await admin.get(`/api/admin/v1/members/${first.id}/links`)).json().data as {
        devices: Array<{ deviceNo: string; sharedWith: number }>;
        links: Array<{ memberId: string; via: string; value: string }>;
      };
      const byKind = (via: string) =>
        links.links
          .filter((link) => link.via === via)
          .map((link) => link.memberId)
          .sort();
      expect(byKind('device')).toEqual([sameDeviceId]);
      expect(byKind('phone')).toEqual([lonerId]);
      expect(byKind('card')).toContain(second.id);
      expect(byKind('card')).not.toContain(first.id);
      expect(links.devices).toEqual([expect.objectContaining({ deviceNo: first.device, sharedWith: 1 })]);

      const alone = (await admin.get(`/api/admin/v1/members/${sameDeviceId}/links`)).json().data;
      expect(alone.links.map((link: { memberId: string }) => link.memberId)).toEqual([first.id]);
    });

    it('shows the balances, ledger, deposits, sign-ins and an empty bets page', async () => {
      const member = await walletMember(sut);
      await admin.credit(member.id, '88.0000');
      const profile = (await admin.get(`/api/admin/v1/members/${member.id}/profile`)).json().data;
      expect(profile.accounts).toContainEqual({ kind: 'main', balance: '88.0000' });
      expect(profile.liveSessions).toBe(1);
      const ledger = (await admin.get(`/api/admin/v1/members/${member.id}/ledger?pageSize=5`)).json().data;
      expect(ledger.total).toBe(1);
      expect(ledger.rows[0]).toMatchObject({ account: 'main', amount: '88.0000', balanceAfter: '88.0000' });
      const signIns = (await admin.get(`/api/admin/v1/members/${member.id}/sign-ins`)).json().data;
      expect(signIns.total).toBe(1);
      const bets = (await admin.get(`/api/admin/v1/members/${member.id}/bets?product=casino`)).json().data;
      expect(bets).toEqual({ rows: [], total: 0 });
      const payments = (await admin.get(`/api/admin/v1/members/${member.id}/payments?kind=withdrawal`)).json().data;
      expect(payments).toEqual({ rows: [], total: 0 });
      expect((await admin.get(`/api/admin/v1/members/${member.id}/bets?product=lottery`)).statusCode).toBe(400);
    });

    it('keeps notes, newest first, with who wrote them, and refuses an empty one', async () => {
      const member = await sut.register();
      const id = await memberId(member.token);
      const support = await signedInOperator(sut, 'support');
      expect(
        (await sut.post(`/api/admin/v1/members/${id}/notes`, { body: '会员来电询问提现' }, support.headers)).statusCode,
      ).toBe(200);
      await admin.post(`/api/admin/v1/members/${id}/notes`, { body: '已核实身份' });
      const refused = await admin.post(`/api/admin/v1/members/${id}/notes`, { body: ' ' });
      expect(refused.json().code).toBe('NOTE_INVALID');
      const notes = (await admin.get(`/api/admin/v1/members/${id}/notes`)).json().data;
      expect(notes.total).toBe(2);
      expect(notes.rows.map((row: { body: string; operator: string }) => [row.body, row.operator])).toEqual([
        ['已核实身份', 'admin'],
        ['会员来电询问提现', expect.stringMatching(/^opsupport/)],
      ]);
    });
  });
});

import {
  CONSOLE_PAGES,
  ENDPOINT_ACCESS,
  OPEN_ADMIN_CALLS,
  OPERATOR_ROLES,
  type OperatorRole,
  paths,
  ROLE_GROUPS,
  rolesOf,
} from '@jinb/contract';
import { endpoints } from '@jinb/contract/endpoints';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';

/**
 * A call's method and path: its entry in the endpoint table, or for a call outside it (a CSV download, answered as a
 * file rather than the envelope) its path in `paths`, fetched with GET.
 */
function entryOf(name: string): { method: string; path: string } {
  const entry = endpoints[name as keyof typeof endpoints] as { method: string; path: string } | undefined;
  return entry ?? { method: 'GET', path: paths[name as keyof typeof paths] };
}

/** Calls that end the session they are made with (or all of them): each gets a fresh session of another operator. */
const SESSION_ENDERS = new Set(['adminLogout', 'adminRevokeAllSessions']);

/** A path with every parameter filled with something that names nothing (no side effects on real rows). */
function concrete(path: string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => (/id$/i.test(name) ? '987654321' : 'nothing'));
}

/**
 * The role matrix (issue 27), from the one table: every operator call against every role. A role in the call's group
 * is never refused with FORBIDDEN (it may still be told its input is wrong or names nothing); any other role always
 * gets 403 FORBIDDEN, whatever it sends, before the input is even looked at.
 */
describe.each(testDatabases)('the role matrix on %s', (kind) => {
  let sut: TestApp;
  const sessions = new Map<OperatorRole, Record<string, string>>();

  async function signIn(account: string) {
    const login = await sut.operatorLogin(account, 'operator12345');
    expect(login.statusCode, login.body).toBe(200);
    return { authorization: `Bearer ${login.json().data.token}` };
  }

  beforeAll(async () => {
    sut = await createTestApp(kind);
    for (const role of OPERATOR_ROLES) {
      const account = `matrix${role}`;
      await sut.container.admin.createOperator(account, 'operator12345', role);
      // Signing out everywhere would end the shared session: those calls use an operator of their own.
      await sut.container.admin.createOperator(`leaver${role}`, 'operator12345', role);
      sessions.set(role, await signIn(account));
    }
  });
  afterAll(async () => {
    await sut?.close();
  });

  function call(name: string, headers: Record<string, string>) {
    const entry = entryOf(name);
    return sut.app.inject({ method: entry.method as HTTPMethods, url: concrete(entry.path), headers });
  }

  const names = Object.keys(ENDPOINT_ACCESS).filter((name) => !OPEN_ADMIN_CALLS.includes(name as never));

  it('registers every call of the table', () => {
    const missing = names.filter((name) => {
      const entry = entryOf(name);
      return !sut.app.hasRoute({ method: entry.method as HTTPMethods, url: entry.path });
    });
    expect(missing).toEqual([]);
  });

  it('lets each call through for exactly the roles of its group', { timeout: 600_000 }, async () => {
    const wrong: string[] = [];
    for (const name of names) {
      const group = ENDPOINT_ACCESS[name];
      if (!group) throw new Error(`${name} has no group`);
      const allowed = rolesOf(group);
      for (const role of OPERATOR_ROLES) {
        const headers = SESSION_ENDERS.has(name)
          ? await signIn(`leaver${role}`)
          : (sessions.get(role) as Record<string, string>);
        const response = await call(name, headers);
        const code = response.statusCode === 403 ? (response.json() as { code?: string }).code : undefined;
        if (allowed.includes(role) && code === 'FORBIDDEN') wrong.push(`${name} refused ${role}`);
        if (!allowed.includes(role) && code !== 'FORBIDDEN')
          wrong.push(`${name} let ${role} through (${response.statusCode})`);
        if (response.statusCode === 401) wrong.push(`${name} as ${role}: the session ended (${response.body})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses every operator call without a session, before looking at its input', async () => {
    const open: string[] = [];
    for (const name of names) {
      const response = await call(name, {});
      if (response.statusCode !== 401) open.push(`${name}: ${response.statusCode}`);
    }
    expect(open).toEqual([]);
  });
});

/** The calls a console page makes (its reads and its buttons). */
const PAGE_CALLS: Partial<Record<keyof typeof CONSOLE_PAGES, string[]>> = {
  agents: [
    'adminAgentSettings',
    'adminAgentSettingsSave',
    'adminAgentCommissions',
    'adminAgentRun',
    'adminAgentFlags',
    'adminAgentFlagDecide',
  ],
};

describe('the role matrix table', () => {
  it('opens a page to every role that may make one of its calls, and to no other', () => {
    for (const [page, calls] of Object.entries(PAGE_CALLS)) {
      const callers = new Set(calls.flatMap((name) => rolesOf(ENDPOINT_ACCESS[name] ?? 'admin')));
      const openTo = rolesOf(CONSOLE_PAGES[page as keyof typeof CONSOLE_PAGES]);
      expect([...openTo].sort(), page).toEqual([...callers].sort());
    }
    // Finance runs the agent periods and decides flagged referrals, so it must reach the pages those buttons are on.
    expect(rolesOf(CONSOLE_PAGES.agents)).toContain('finance');
    expect(rolesOf(ENDPOINT_ACCESS.adminAgentSettingsSave ?? 'admin')).not.toContain('finance');
  });

  it('names an existing group for every call and every console page, and every group only known roles', () => {
    for (const group of [...Object.values(ENDPOINT_ACCESS), ...Object.values(CONSOLE_PAGES)])
      expect(Object.keys(ROLE_GROUPS)).toContain(group);
    for (const roles of Object.values(ROLE_GROUPS)) for (const role of roles) expect(OPERATOR_ROLES).toContain(role);
  });

  it('gives every operator call a line, and the sign-in is the only call open without a session', () => {
    const adminCalls = Object.entries(paths)
      .filter(([, path]) => path.startsWith('/api/admin/'))
      .map(([name]) => name)
      .sort();
    expect(Object.keys(ENDPOINT_ACCESS).sort()).toEqual(adminCalls);
    expect(OPEN_ADMIN_CALLS).toEqual(['adminLogin']);
  });
});

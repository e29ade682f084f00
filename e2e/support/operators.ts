import type { OperatorRole } from '@jinb/contract';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { uniqueAccount } from './api';
import { operatorToken } from './wallet';

export type OperatorCredentials = { account: string; password: string; id: string; role: OperatorRole };

/**
 * A fresh operator of `role` (admin, finance, support, trader, marketing), created by the demo admin `e2eadmin`
 * through the operators page's call (POST /api/admin/v1/operators), for a journey that signs in as that role:
 * `signInToConsole(page, await createOperator(request, 'trader'))`. The e2e server runs in demo mode, where the
 * second factor is optional (OPERATOR_OTP), so the new operator signs in with account and password.
 */
export async function createOperator(request: APIRequestContext, role: OperatorRole): Promise<OperatorCredentials> {
  const headers = { Authorization: `Bearer ${await operatorToken(request)}` };
  const account = uniqueAccount(`op${role.slice(0, 2)}`);
  const password = `pw-${role}-${Date.now().toString(36)}`;
  const response = await request.post('/api/admin/v1/operators', {
    form: { account, password, role },
    headers,
  });
  const body = (await response.json()) as { status?: boolean; data?: { id?: string; account?: string } };
  expect(response.ok(), JSON.stringify(body)).toBeTruthy();
  expect(body.status, JSON.stringify(body)).toBe(true);
  if (!body.data?.id) throw new Error('creating the operator answered without an id');
  return { account: body.data.account ?? account, password, id: body.data.id, role };
}

/** Signs an operator in through the API (captcha `1234`, the fixed demo answer) and answers the bearer token. */
export async function operatorTokenOf(
  request: APIRequestContext,
  credentials: { account: string; password: string; otp?: string },
): Promise<string> {
  const device = `console-e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await request.get('/api/findmed/v1/member/captcha', { headers: { device_no: device } });
  const response = await request.post('/api/admin/v1/login', {
    form: {
      account: credentials.account,
      password: credentials.password,
      code: '1234',
      ...(credentials.otp ? { otp: credentials.otp } : {}),
    },
    headers: { device_no: device },
  });
  const body = (await response.json()) as { status?: boolean; data?: { token?: string } };
  expect(response.ok(), JSON.stringify(body)).toBeTruthy();
  if (!body.data?.token) throw new Error('the operator login answered without a token');
  return body.data.token;
}

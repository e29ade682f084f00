import { ENROLMENT_CALLS, HEADER, type OperatorRole, SESSION_EXPIRED_BODY, toLang } from '@jinb/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Operator, OperatorActor } from '../admin/operator-actor';
import type { MemberSession } from '../auth/session.service';
import type { Container } from '../container';
import { allowsWithdrawOnly } from '../protection/withdraw-only';
import type { ClientInfo } from '../shared/client-info';
import { fail } from './envelope';

declare module 'fastify' {
  interface FastifyRequest {
    client: ClientInfo;
    member: MemberSession | null;
    /** Whether `member` was resolved for this request already (a session is looked up once per request). */
    memberChecked: boolean;
    operator: Operator | null;
  }
  interface FastifyInstance {
    /**
     * The operator of this request's bearer token, looked up once per request (null: none or ended). Decorated by
     * app.ts with operatorLoader; endpoint-route.ts's role check of every `/api/admin/...` call uses it.
     */
    loadOperator(request: FastifyRequest): Promise<Operator | null>;
  }
  interface FastifyContextConfig {
    /** The route answers an excluded member's withdrawal-only session too (protection/withdraw-only.ts). */
    withdrawOnly?: boolean;
  }
}

export function readClient(request: FastifyRequest): ClientInfo {
  const rawDevice = request.headers[HEADER.deviceNo];
  const deviceNo = typeof rawDevice === 'string' ? rawDevice.slice(0, 128) : '';
  return {
    ip: request.ip,
    deviceNo,
    lang: toLang(request.headers[HEADER.lang]),
    captchaKey: deviceNo ? `device:${deviceNo}` : `ip:${request.ip}`,
    userAgent: request.headers['user-agent']?.slice(0, 512),
  };
}

export function memberToken(request: FastifyRequest): string {
  const header = request.headers[HEADER.token];
  if (typeof header === 'string' && header) return header;
  const authorization = request.headers.authorization;
  return authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
}

/** Withdrawal-only sessions a route did not allow, held back from `request.member` (see loadMember). */
const heldBack = new WeakMap<FastifyRequest, MemberSession>();

/**
 * Resolves the member session if a valid token came along; sends a rotated token back in the `id` header. A
 * withdrawal-only session counts as a visitor on a route that does not allow it (protection/withdraw-only.ts).
 */
export function loadMember(container: Container) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // The read limit may have resolved it already; a second lookup could rotate the token twice.
    if (request.memberChecked) return;
    const session = await container.sessions.authenticate(memberToken(request));
    request.member = session;
    request.memberChecked = true;
    // Every later line about this request names the member (issue 28: logs an operator can follow per member).
    if (session) {
      request.log = request.log.child({ memberId: String(session.memberId) });
      reply.log = request.log;
    }
    if (session?.rotatedToken) reply.header(HEADER.rotatedToken, session.rotatedToken);
    if (
      session?.scope === 'withdraw' &&
      !allowsWithdrawOnly(request.method, request.routeOptions.url, request.routeOptions.config)
    ) {
      heldBack.set(request, session);
      request.member = null;
    }
  };
}

/**
 * Member-only routes: an unknown or expired session gets exactly `{status: false, data: "token"}`. A withdrawal-only
 * session gets WITHDRAW_ONLY on every route that does not allow it (default deny), not the expired-session body:
 * that would sign the site out of the one thing it may still do.
 */
export function requireMember(container: Container) {
  const load = loadMember(container);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await load(request, reply);
    if (heldBack.has(request)) return reply.code(403).send(fail('WITHDRAW_ONLY', request.client.lang));
    if (!request.member) return reply.code(401).send(SESSION_EXPIRED_BODY);
  };
}

export function bearerToken(request: FastifyRequest): string {
  const authorization = request.headers.authorization;
  return authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
}

/** Requests whose operator was looked up already (request.operator holds the answer, null included). */
const operatorChecked = new WeakSet<FastifyRequest>();

/** Resolves `request.operator` from the bearer token once per request: the role check and the route's guard share it. */
export function operatorLoader(container: Container) {
  return async (request: FastifyRequest): Promise<Operator | null> => {
    if (operatorChecked.has(request)) return request.operator;
    request.operator = await container.admin.authenticate(bearerToken(request));
    operatorChecked.add(request);
    if (request.operator) request.log = request.log.child({ operatorId: String(request.operator.id) });
    return request.operator;
  };
}

/**
 * The role check every `/api/admin/...` call gets from endpoint-route.ts, before its own hooks and handler: no live
 * session is 401 SESSION_EXPIRED, a role outside the call's group (ENDPOINT_ACCESS) 403 FORBIDDEN, and an operator
 * who must enrol a second factor first may make only the enrolment calls (403 OTP_ENROL_REQUIRED).
 */
export function operatorAccessGuard(name: string, roles: readonly OperatorRole[]) {
  const enrolling = (ENROLMENT_CALLS as readonly string[]).includes(name);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const operator = await request.server.loadOperator(request);
    if (!operator) return reply.code(401).send(fail('SESSION_EXPIRED', request.client.lang));
    if (!roles.includes(operator.role)) return reply.code(403).send(fail('FORBIDDEN', request.client.lang));
    if (operator.mustEnrol && !enrolling) return reply.code(403).send(fail('OTP_ENROL_REQUIRED', request.client.lang));
  };
}

/** Operator routes: `Authorization: Bearer <token>` from POST /api/admin/v1/login. */
export function requireOperator(container: Container, roles?: readonly OperatorRole[]) {
  const load = operatorLoader(container);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await load(request);
    if (!request.operator) return reply.code(401).send(fail('SESSION_EXPIRED', request.client.lang));
    if (roles && !roles.includes(request.operator.role))
      return reply.code(403).send(fail('FORBIDDEN', request.client.lang));
  };
}

export function currentMember(request: FastifyRequest): MemberSession {
  if (!request.member) throw new Error('requireMember must run before this handler');
  return request.member;
}

export function currentOperator(request: FastifyRequest): Operator {
  if (!request.operator) throw new Error('requireOperator must run before this handler');
  return request.operator;
}

/** The signed-in operator and the address this request came from: what every operator service takes first. */
export function operatorActor(request: FastifyRequest): OperatorActor {
  return { ...currentOperator(request), ip: request.ip };
}

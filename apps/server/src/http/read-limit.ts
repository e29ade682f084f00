import type { FastifyInstance } from 'fastify';
import type { Container } from '../container';
import type { LimitRule } from '../shared/limits';
import { loadMember, memberToken } from './request-context';

/** What visitors and members read: every GET of the site's API; the operator's and the demo helpers' are not. */
const READ_PREFIXES = ['/api/f/v1/', '/api/findmed/v1/', '/api/game/'] as const;

function isRead(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && READ_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/**
 * A per-client limit on reads, so one client cannot slow everyone: 50 concurrent event lists from one client (20-37
 * ms of work each, no session needed) raised another member's balance read from 1 to 411 ms (issue 20). A signed-in
 * member is counted by member id, whatever address or session the requests come from; anyone else by address
 * (`request.ip`, as TRUST_PROXY makes it). Over the limit: 429 TOO_MANY_REQUESTS in the envelope with Retry-After.
 *
 * It runs before any database work. A token this process validated in the last few seconds names its member from
 * memory. Any other token costs a session lookup, so lookups are limited per address too, apart from the reads: the
 * address must have lookups left for one to happen, and is charged one only when the token belongs to nobody. Made-up
 * tokens from an address therefore stop reaching the database once its allowance is spent, while the members behind
 * that address (a carrier's NAT) keep being looked up, whatever the visitors there do. The session found is the
 * request's: the routes' own hooks do not look it up again. With Redis the counts are shared by every process, and
 * a client over its limit is refused from memory until its window ends; without Redis they hold per process.
 */
export function installReadLimit(app: FastifyInstance, container: Container) {
  const { memberPoints, addressPoints, windowS } = container.config.readLimit;
  const rule = (name: string, points: number): LimitRule | undefined =>
    points > 0 ? { name, points, durationS: windowS, blockInMemory: true } : undefined;
  const byMember = rule('read-member', memberPoints);
  const byAddress = rule('read-address', addressPoints);
  const lookupsByAddress = rule('read-session-lookup', addressPoints);
  if (!byMember && !byAddress) return;
  const { limits, sessions } = container;
  const load = loadMember(container);

  app.addHook('onRequest', async (request, reply) => {
    if (!isRead(request.method, request.url)) return;
    const token = memberToken(request);
    if (token) {
      let memberId = sessions.knownMember(token);
      if (memberId === undefined) {
        if (lookupsByAddress) await limits.check(lookupsByAddress, request.ip);
        await load(request, reply);
        memberId = request.member?.memberId;
        if (memberId === undefined && lookupsByAddress) await limits.consume(lookupsByAddress, request.ip);
      }
      if (memberId !== undefined) {
        if (byMember) await limits.consume(byMember, memberId.toString());
        return;
      }
    }
    if (byAddress) await limits.consume(byAddress, request.ip);
  });
}

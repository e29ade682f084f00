import { rolesOf } from '@jinb/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { currentMember, operatorActor, requireMember, requireOperator } from '../http/request-context';
import { PROMO_MANAGERS, PROMO_VIEWERS } from './promotions.service';

/** Activities (claims, applications) and redemption codes, for members and operators (the services check roles). */
export function promotionsRoutes(container: Container): FastifyPluginAsyncZod {
  const { promotions, codes } = container.promotions;
  return async (app) => {
    const visitor = { tags: ['promotions'] };
    const member = { tags: ['promotions'], preHandler: requireMember(container) };
    const look = { tags: ['admin'], preHandler: requireOperator(container, PROMO_VIEWERS) };
    const manage = { tags: ['admin'], preHandler: requireOperator(container, PROMO_MANAGERS) };
    const viewers = { tags: ['admin'], preHandler: requireOperator(container, rolesOf('marketingViewers')) };

    // Site: a promotion's rule summary in its detail on /activity/list (null for a text-only promotion).
    route(app, 'promoRule', visitor, async (request) => ok(await promotions.rule(request.query.id)));

    // Site: the promotion detail's button: eligible with the amount, or the reason shown in words.
    route(app, 'promoEligibility', member, async (request) =>
      ok(await promotions.eligibility(currentMember(request).memberId, request.query.id)),
    );

    // Site: 领取 in the promotion detail: credits the bonus (or keeps it for review: REWARD_REVIEW).
    route(app, 'promoClaim', member, async (request) =>
      ok(await promotions.claim(currentMember(request).memberId, request.body.id)),
    );

    // Site: 申请 in an apply-for-review promotion's detail.
    route(app, 'promoApply', member, async (request) =>
      ok(await promotions.apply(currentMember(request).memberId, request.body.id, request.body.note)),
    );

    // Site: the member's claims and applications.
    route(app, 'promoClaims', member, async (request) =>
      ok(await promotions.claims(currentMember(request).memberId, request.query, request.client.lang)),
    );

    // Site: 兑换 on /user/redemptionRecord.
    route(app, 'redeem', member, async (request) =>
      ok(await codes.redeem(currentMember(request).memberId, request.body.code)),
    );

    // Site: /user/redemptionRecord's list.
    route(app, 'redemptions', member, async (request) =>
      ok(await codes.list(currentMember(request).memberId, request.query)),
    );

    // Site: /user/redemptionDetail?id=.
    route(app, 'redemption', member, async (request) =>
      ok(await codes.detail(currentMember(request).memberId, request.query.id)),
    );

    // Console: every promotion with its rule and what it paid.
    route(app, 'adminPromotions', look, async (request) => ok(await promotions.adminList(operatorActor(request))));

    // Console: a promotion's texts and picture for its edit form (the list leaves them out).
    route(app, 'adminPromotionTexts', viewers, async (request) =>
      ok(await promotions.adminTexts(operatorActor(request), request.params.id)),
    );

    // Console: a new promotion with its rule.
    route(app, 'adminPromotionCreate', manage, async (request) =>
      ok(await promotions.adminCreate(operatorActor(request), request.body)),
    );

    // Console: edits a promotion and its rule.
    route(app, 'adminPromotionUpdate', manage, async (request) =>
      ok(await promotions.adminUpdate(operatorActor(request), request.params.id, request.body)),
    );

    // Console: flagged claims and applications to review.
    route(app, 'adminPromotionClaims', look, async (request) =>
      ok(await promotions.adminClaims(operatorActor(request), request.query)),
    );

    // Console: approves a flagged claim or an application (credits it once).
    route(app, 'adminPromotionClaimApprove', manage, async (request) =>
      ok(await promotions.approve(operatorActor(request), BigInt(request.params.id), request.body)),
    );

    // Console: rejects a flagged claim or an application.
    route(app, 'adminPromotionClaimReject', manage, async (request) =>
      ok(await promotions.reject(operatorActor(request), BigInt(request.params.id), request.body)),
    );

    // Console: issues a batch of redemption codes (answers the codes).
    route(app, 'adminCodes', manage, async (request) => ok(await codes.create(operatorActor(request), request.body)));

    // Console: the code batches with how many were redeemed.
    route(app, 'adminCodeBatches', look, async (request) =>
      ok(await codes.batches(operatorActor(request), request.query)),
    );

    // Console: a batch's codes with their redemptions (the code batch page's list and CSV export).
    route(app, 'adminCodeBatchCodes', viewers, async (request) =>
      ok(await codes.batchCodes(operatorActor(request), BigInt(request.params.id), request.query)),
    );

    // Console: disables a batch's codes.
    route(app, 'adminCodeBatchDisable', manage, async (request) =>
      ok(await codes.disable(operatorActor(request), BigInt(request.params.id))),
    );
  };
}

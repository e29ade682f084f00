import type { AdminProtectionView } from '@jinb/contract';
import { auditIn, type OperatorActor } from '../admin/operator-actor';
import type { Database } from '../db/database';
import { memberRepository } from '../member/member.repository';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { exclusionOf, exclusionRepository } from './exclusion.repository';
import { exclusionView } from './exclusion.service';
import type { LimitsService } from './limits.service';

/**
 * What operators may do about a member's protection: look. Nobody lifts a time-out or self-exclusion early; an
 * attempt is refused and written to the audit log, so the operators' managers can see who tried.
 */
export function createProtectionAdminService(deps: { db: Database; clock: Clock; limits: LimitsService }) {
  const { db } = deps;

  async function memberOf(memberId: bigint) {
    const member = await memberRepository.findById(db, memberId);
    if (!member) throw new AppError('NOT_FOUND');
    return member;
  }

  return {
    async view(actor: OperatorActor, memberId: bigint): Promise<AdminProtectionView> {
      await memberOf(memberId);
      const [limits, current, history] = await Promise.all([
        deps.limits.view(memberId),
        exclusionOf(db, memberId, deps.clock()),
        exclusionRepository.history(db, memberId),
      ]);
      // Reading a member's protection is recorded, as reading their wallet is.
      await auditIn(db, actor, 'protection.view', `member:${memberId}`);
      return {
        limits,
        exclusion: current ? exclusionView(current) : null,
        history: history.map((row) => ({ ...exclusionView(row), createdAt: row.createdAt.toISOString() })),
      };
    },

    /** Always refused while one is in force (EXCLUSION_LOCKED), after the attempt is audited; NOT_FOUND with none. */
    async lift(actor: OperatorActor, memberId: bigint): Promise<never> {
      await memberOf(memberId);
      const current = await exclusionOf(db, memberId, deps.clock());
      await auditIn(db, actor, 'protection.exclusion.lift.refused', `member:${memberId}`, {
        exclusion: current ? exclusionView(current) : null,
      });
      if (!current) throw new AppError('NOT_FOUND');
      throw new AppError('EXCLUSION_LOCKED');
    },
  };
}

import { useSession } from '../../../shared/session/session-store';
import RealityCheck from './RealityCheck';
import WithdrawOnlyBanner from './WithdrawOnlyBanner';

/**
 * What the shell shows of player protection, loaded by it only when there is something to show: the withdrawal-only
 * session's banner (at the top of the page, where the shell places this), or a full session's reality-check clock.
 */
export default function SessionProtection() {
  const withdrawOnly = useSession((state) => state.withdrawOnly);
  const signedIn = useSession((state) => state.token !== '');
  if (withdrawOnly) return <WithdrawOnlyBanner expiresAt={withdrawOnly.expiresAt} />;
  return signedIn ? <RealityCheck /> : null;
}

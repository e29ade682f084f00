import type { BalanceChange } from '@jinb/contract';
import { useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../session/session.queries';
import { selectIsLoggedIn, useSession } from '../session/session-store';
import { useTopic } from './use-topic';

/**
 * The highest account version a balance push carried (a push from another process may arrive late); forgotten when
 * a member signs in or out (another account counts its own versions).
 */
let balanceVersion = -1n;

export function forgetBalanceVersion(): void {
  balanceVersion = -1n;
}

// Signing in or out is another account (or none) from here on, whichever page watches it.
useSession.subscribe((state, previous) => {
  if (selectIsLoggedIn(state) !== selectIsLoggedIn(previous)) forgetBalanceVersion();
});

/** Whether a push with this version is newer than every one applied so far (a push without one always is). */
export function newerBalance(version: string | undefined): boolean {
  if (version === undefined || !/^\d{1,20}$/.test(version)) return true;
  const next = BigInt(version);
  if (next <= balanceVersion) return false;
  balanceVersion = next;
  return true;
}

/**
 * The signed-in member's balance as the ledger moves it (a bet, a payout, a cash out, a deposit credited): replaced
 * in place in the balance query, wherever it shows (home header, member centre, sports). The socket itself loads
 * after the first screen (use-topic.ts).
 */
export function useBalanceLive(): void {
  const queryClient = useQueryClient();
  const signedIn = useSession(selectIsLoggedIn);
  useTopic<BalanceChange>(
    signedIn ? 'balance' : null,
    (change) => {
      if (typeof change?.balance !== 'string' || !newerBalance(change.version)) return;
      queryClient.setQueryData<{ balance: string }>(sessionKeys.balance(), (old) =>
        old ? { ...old, balance: change.balance } : old,
      );
    },
    () => void queryClient.invalidateQueries({ queryKey: sessionKeys.balance() }),
  );
}

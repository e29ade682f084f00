import { type RoundView, type TableDetail, type TablePush, tableTopic } from '@jinb/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFallbackPoll, useTopic } from '../../shared/realtime/use-topic';
import { tableQuery } from './casino.api';

const RECENT_KEPT = 120;

/**
 * A table's state with its live round applied: a push for the round on show moves its phase (a settled round joins
 * the recent results), a push for a later round replaces it (the member's bets start again from none), an older one
 * is ignored (pushes from two processes may cross).
 */
export function applyRound(table: TableDetail, round: RoundView): TableDetail {
  const current = table.round;
  if (current && round.number < current.number) return table;
  const sameRound = current?.id === round.id;
  const recent =
    round.phase === 'settled' && round.outcome && !table.recent.some((result) => result.id === round.id)
      ? [{ id: round.id, number: round.number, outcome: round.outcome }, ...table.recent].slice(0, RECENT_KEPT)
      : table.recent;
  return { ...table, round, recent, myBets: sameRound ? table.myBets : [] };
}

/**
 * The table page's data: GET casinoTable once, then `table:<CODE>` on the realtime channel; a lost history (a
 * reconnect that missed messages) asks over HTTP again, and a slow poll stands in while the socket is down.
 */
export function useTable(code: string, memberId: string) {
  const queryClient = useQueryClient();
  const options = tableQuery(code, memberId);
  const poll = useFallbackPoll(5_000);
  const table = useQuery({ ...options, refetchInterval: poll });
  useTopic<TablePush>(
    tableTopic(code),
    (push) => {
      if (push?.kind !== 'round' || !push.round) return;
      queryClient.setQueryData(options.queryKey, (old) => (old ? applyRound(old, push.round) : old));
    },
    () => void queryClient.invalidateQueries({ queryKey: options.queryKey }),
  );
  return table;
}

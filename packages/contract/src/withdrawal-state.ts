import type { RecordState, Withdrawal } from './wallet';

/**
 * The state a withdrawal's transaction record has in each status of the withdrawal (the money desk's words:
 * `unhandled` waits for review, `accepted` is being paid out). The server's records state a withdrawal by it and the
 * withdraw page reads its recent withdrawals through it, so one withdrawal is one word on both pages.
 *
 * A file of its own, without zod (wallet.ts, where RECORD_STATES lives, is all schemas): the withdraw page reads it
 * at run time, and with the schemas' modules it would come as a chunk shared with them, one more request.
 */
export const WITHDRAWAL_RECORD_STATE = {
  unhandled: 'pending',
  accepted: 'processing',
  paid: 'completed',
  refused: 'refused',
  cancelled: 'cancelled',
} as const satisfies Record<Withdrawal['status'], RecordState>;

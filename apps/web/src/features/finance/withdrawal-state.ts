import type { RecordState, Withdrawal } from '@jinb/contract';

/**
 * A withdrawal's status as the transaction records state it (the server's records map it the same way), so one
 * withdrawal reads the same word on the withdraw page and in the records: a waiting one is 审核中 on both.
 */
export const WITHDRAWAL_STATE = {
  unhandled: 'pending',
  accepted: 'processing',
  paid: 'completed',
  refused: 'refused',
  cancelled: 'cancelled',
} as const satisfies Record<Withdrawal['status'], RecordState>;

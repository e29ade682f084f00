import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '../api/client';

/**
 * A guarded change (phone, e-mail, payout account, withdraw password): the call as it is; when the server answers
 * STEP_UP_REQUIRED, the step-up dialog (loaded only then) asks for the sign-in password or an SMS code, and the call
 * is sent once more. Cancelled, the refusal stands. The refused call used nothing up on the server (its codes and
 * passwords are checked only after the step-up), so the retry carries the same body and Idempotency-Key.
 */
export async function withStepUp<T>(call: () => Promise<T>, queryClient: QueryClient): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'STEP_UP_REQUIRED') throw error;
    const { askStepUp } = await import('./StepUpDialog');
    if (!(await askStepUp(queryClient))) throw error;
    return call();
  }
}

/** `withStepUp` for a component's mutation: `const stepUp = useStepUp(); mutationFn: (x) => stepUp(() => send(x))`. */
export function useStepUp(): <T>(call: () => Promise<T>) => Promise<T> {
  const queryClient = useQueryClient();
  return useCallback(<T>(call: () => Promise<T>) => withStepUp(call, queryClient), [queryClient]);
}

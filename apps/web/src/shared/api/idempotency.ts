import { useCallback, useState } from 'react';

function newKey(): string {
  return crypto.randomUUID();
}

/**
 * One Idempotency-Key per user action: the same key survives a double tap and a retry after a timeout, so the
 * server applies the action once; call `renew` after the action succeeded (or its inputs changed) to start a new one.
 */
export function useIdempotencyKey(): [key: string, renew: () => void] {
  const [key, setKey] = useState(newKey);
  const renew = useCallback(() => setKey(newKey()), []);
  return [key, renew];
}

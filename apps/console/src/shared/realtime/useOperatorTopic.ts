import type { OperatorTopic } from '@jinb/contract';
import { useEffect, useRef } from 'react';
import { operatorSocket } from './socket';

/**
 * Calls `onData` with every publication of an operator topic while the component is mounted (the layout has
 * signed the socket in). The latest `onData` is used without subscribing again.
 */
export function useOperatorTopic<T>(topic: OperatorTopic | null, onData: (data: T) => void): void {
  const handler = useRef(onData);
  handler.current = onData;
  useEffect(() => {
    if (!topic) return;
    return operatorSocket.listen(topic, (data) => handler.current(data as T));
  }, [topic]);
}

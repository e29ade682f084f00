import { useCallback, useRef } from 'react';
import { operatorSocket } from '../../../shared/realtime/socket';

/** As often as the server passes typing on (support-socket.ts TYPING_EVERY_MS): more frames would only be dropped. */
export const AGENT_TYPING_EVERY_MS = 2_000;

/**
 * What the reply box calls on each keystroke: tells the member "客服正在输入" over the socket (`typing` naming the
 * conversation), at most every 2 s, and only while this agent holds the conversation (the server ignores anyone
 * else's). A frame the closed socket could not take is tried again on the next keystroke.
 */
export function useAgentTyping(
  conversationId: string,
  holding: boolean,
  socket: Pick<typeof operatorSocket, 'send'> = operatorSocket,
): () => void {
  const lastSent = useRef(0);
  return useCallback(() => {
    if (!holding || !conversationId) return;
    const now = Date.now();
    if (now - lastSent.current < AGENT_TYPING_EVERY_MS) return;
    if (socket.send({ op: 'typing', conversation: conversationId })) lastSent.current = now;
  }, [conversationId, holding, socket]);
}

import type { QueryClient } from '@tanstack/react-query';
import { call } from '../shared/api/call';
import { clearQueues } from '../shared/realtime/queues';
import { operatorSocket } from '../shared/realtime/socket';
import { leaveSignInNotice, operatorToken } from '../shared/session/session';

/**
 * Ends the session on the server (best effort: a session the server already ended is just as ended) and forgets
 * everything of it here at once; the console then shows the sign-in page with `notice`.
 */
export async function signOut(queryClient: QueryClient, notice: string): Promise<void> {
  // The call has read the token before this goes on to forget it; the screen does not wait for the server.
  const ended = call('adminLogout').catch(() => undefined);
  operatorSocket.stop();
  clearQueues();
  leaveSignInNotice(notice);
  operatorToken.clear();
  queryClient.clear();
  await ended;
}

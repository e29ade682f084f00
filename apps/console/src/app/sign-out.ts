import type { QueryClient } from '@tanstack/react-query';
import { call } from '../shared/api/call';
import { clearQueues } from '../shared/realtime/queues';
import { operatorSocket } from '../shared/realtime/socket';
import { leaveSignInNotice, operatorToken } from '../shared/session/session';

/**
 * Ends the session on the server (best effort: a session the server already ended is just as ended) and forgets
 * everything of it here; the console then shows the sign-in page with `notice`.
 */
export async function signOut(queryClient: QueryClient, notice: string): Promise<void> {
  await call('adminLogout').catch(() => undefined);
  operatorSocket.stop();
  clearQueues();
  leaveSignInNotice(notice);
  operatorToken.clear();
  queryClient.clear();
}

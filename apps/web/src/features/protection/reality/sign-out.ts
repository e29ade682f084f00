import { post } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';

/**
 * Ends the session on the server and here. A failed call still signs out here: leaving must always work, and the
 * session then ends on the server by itself.
 */
export async function signOut(): Promise<void> {
  try {
    await post('logout');
  } catch (error) {
    console.error('logout call failed; signing out locally', error);
  }
  useSession.getState().logout({ byMember: true });
}

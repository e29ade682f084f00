import { create } from 'zustand';
import { readSession, SESSION_KEYS, writeSession } from './storage';

/** The game a member is in, for the heartbeat (spec section 4). */
export type GameSession = { gameid: string; platform: string; startGame: boolean };
const NO_GAME: GameSession = { gameid: '', platform: '', startGame: false };

/**
 * What the site keeps that is not server state: the token, the game being played, and UI flags. The member, the
 * balance and the unread count are server state and live only in the query cache (session.queries.ts).
 */
type SessionState = {
  token: string;
  game: GameSession;
  /** The member signed out on purpose (not an expired session): member-only pages then lead home, not to /login. */
  signedOutByMember: boolean;
};

type SessionActions = {
  setToken(token: string): void;
  setVid(vid: string): void;
  startGame(gameid: string, platform: string): void;
  clearGame(): void;
  logout(options?: { byMember?: boolean }): void;
};

export const useSession = create<SessionState & SessionActions>()((set) => ({
  token: readSession(SESSION_KEYS.token),
  game: NO_GAME,
  signedOutByMember: false,
  setToken(token) {
    writeSession(SESSION_KEYS.token, token);
    set({ token, signedOutByMember: false });
  },
  setVid(vid) {
    writeSession(SESSION_KEYS.vid, vid);
  },
  startGame: (gameid, platform) => set({ game: { gameid, platform, startGame: true } }),
  clearGame: () => set({ game: NO_GAME }),
  logout(options) {
    writeSession(SESSION_KEYS.token, '');
    set({
      token: '',
      game: NO_GAME,
      signedOutByMember: options?.byMember === true,
    });
  },
}));

export const selectIsLoggedIn = (state: SessionState) => state.token !== '';

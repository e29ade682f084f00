import { create } from 'zustand';
import { readSession, SESSION_KEYS, writeSession } from './storage';

/** The game a member is in, for the heartbeat (spec section 4). */
export type GameSession = { gameid: string; platform: string; startGame: boolean };
const NO_GAME: GameSession = { gameid: '', platform: '', startGame: false };

/**
 * A self-excluded or timed-out member's short session that can only withdraw (the sign-in refusal offers it): the
 * site shows nothing but the withdraw page until it ends at `expiresAt` (ISO) or the member leaves it.
 */
export type WithdrawOnly = { expiresAt: string };

function storedWithdrawOnly(): WithdrawOnly | null {
  const expiresAt = readSession(SESSION_KEYS.withdrawOnly);
  return expiresAt && readSession(SESSION_KEYS.token) ? { expiresAt } : null;
}

/**
 * What the site keeps that is not server state: the token, the game being played, and UI flags. The member, the
 * balance and the unread count are server state and live only in the query cache (session.queries.ts).
 */
type SessionState = {
  token: string;
  game: GameSession;
  /** The member signed out on purpose (not an expired session): member-only pages then lead home, not to /login. */
  signedOutByMember: boolean;
  /** Set while the token is a withdrawal-only session; kept across reloads of the tab, cleared with the token. */
  withdrawOnly: WithdrawOnly | null;
};

type SessionActions = {
  /** A new or rotated token of the session in force (a rotation keeps a withdrawal-only session what it is). */
  setToken(token: string): void;
  startWithdrawOnly(token: string, expiresAt: string): void;
  setVid(vid: string): void;
  startGame(gameid: string, platform: string): void;
  clearGame(): void;
  logout(options?: { byMember?: boolean }): void;
};

export const useSession = create<SessionState & SessionActions>()((set) => ({
  token: readSession(SESSION_KEYS.token),
  game: NO_GAME,
  signedOutByMember: false,
  withdrawOnly: storedWithdrawOnly(),
  setToken(token) {
    writeSession(SESSION_KEYS.token, token);
    set({ token, signedOutByMember: false });
  },
  startWithdrawOnly(token, expiresAt) {
    writeSession(SESSION_KEYS.token, token);
    writeSession(SESSION_KEYS.withdrawOnly, expiresAt);
    set({ token, signedOutByMember: false, withdrawOnly: { expiresAt }, game: NO_GAME });
  },
  setVid(vid) {
    writeSession(SESSION_KEYS.vid, vid);
  },
  startGame: (gameid, platform) => set({ game: { gameid, platform, startGame: true } }),
  clearGame: () => set({ game: NO_GAME }),
  logout(options) {
    writeSession(SESSION_KEYS.token, '');
    writeSession(SESSION_KEYS.withdrawOnly, '');
    set({
      token: '',
      game: NO_GAME,
      signedOutByMember: options?.byMember === true,
      withdrawOnly: null,
    });
  },
}));

export const selectIsLoggedIn = (state: SessionState) => state.token !== '';

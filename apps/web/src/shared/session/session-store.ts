import type { Balance, UserInfo } from '@jinb/contract';
import { create } from 'zustand';
import { readSession, SESSION_KEYS, writeSession } from './storage';

/** The game a member is in, for the heartbeat (spec section 4). */
export type GameSession = { gameid: string; platform: string; startGame: boolean };
const NO_GAME: GameSession = { gameid: '', platform: '', startGame: false };

type SessionState = {
  token: string;
  user: UserInfo | null;
  balance: Balance | null;
  unread: number;
  /** Task data arrives with the tasks issue; logout clears it already so nothing leaks between members. */
  tasks: unknown;
  game: GameSession;
  /** When each throttled refresh last ran (ms); logout resets them (spec section 4). */
  fetchedAt: { user: number; balance: number };
  /** The member signed out on purpose (not an expired session): member-only pages then lead home, not to /login. */
  signedOutByMember: boolean;
};

type SessionActions = {
  setToken(token: string): void;
  setVid(vid: string): void;
  setUser(user: UserInfo | null): void;
  setBalance(balance: Balance | null): void;
  setUnread(count: number): void;
  markFetched(what: keyof SessionState['fetchedAt'], at: number): void;
  startGame(gameid: string, platform: string): void;
  clearGame(): void;
  logout(options?: { byMember?: boolean }): void;
};

export const useSession = create<SessionState & SessionActions>()((set) => ({
  token: readSession(SESSION_KEYS.token),
  user: null,
  balance: null,
  unread: 0,
  tasks: null,
  game: NO_GAME,
  fetchedAt: { user: 0, balance: 0 },
  signedOutByMember: false,
  setToken(token) {
    writeSession(SESSION_KEYS.token, token);
    set({ token, signedOutByMember: false });
  },
  setVid(vid) {
    writeSession(SESSION_KEYS.vid, vid);
  },
  setUser: (user) => set({ user }),
  setBalance: (balance) => set({ balance }),
  setUnread: (unread) => set({ unread }),
  markFetched: (what, at) => set((state) => ({ fetchedAt: { ...state.fetchedAt, [what]: at } })),
  startGame: (gameid, platform) => set({ game: { gameid, platform, startGame: true } }),
  clearGame: () => set({ game: NO_GAME }),
  logout(options) {
    writeSession(SESSION_KEYS.token, '');
    set({
      token: '',
      user: null,
      balance: null,
      unread: 0,
      tasks: null,
      game: NO_GAME,
      fetchedAt: { user: 0, balance: 0 },
      signedOutByMember: options?.byMember === true,
    });
  },
}));

export const selectIsLoggedIn = (state: SessionState) => state.token !== '';

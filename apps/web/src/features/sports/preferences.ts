import { ACCEPT_ODDS, type AcceptOdds } from '@jinb/contract';
import type { SportsConfig } from '@jinb/contract/sports';
import { isOddsFormat, type OddsFormat } from '@jinb/odds';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { selectIsLoggedIn, useSession } from '../../shared/session/session-store';
import { showError } from '../../shared/ui/feedback';
import { configQuery, DEFAULT_SPORTS_CONFIG, savePreferences, sportsKeys } from './sports.api';
import { readStored, writeStored } from './stored-state';

type Preferences = { oddsFormat: OddsFormat | null; acceptOdds: AcceptOdds | null };

const STORAGE_KEY = 'sports-preferences';
const STORAGE_VERSION = 1;
const storage = () => localStorage;

function savedPreferences(): Preferences {
  const saved = readStored(storage, STORAGE_KEY, STORAGE_VERSION) ?? {};
  return {
    oddsFormat: isOddsFormat(saved.oddsFormat) ? saved.oddsFormat : null,
    acceptOdds: (ACCEPT_ODDS as readonly unknown[]).includes(saved.acceptOdds)
      ? (saved.acceptOdds as AcceptOdds)
      : null,
  };
}

/** A visitor's choices, kept on this device; a member's are stored on the server and follow them. */
const useVisitorPreferences = create<Preferences>()(() => savedPreferences());

function rememberVisitor(change: Partial<Preferences>): void {
  useVisitorPreferences.setState(change);
  writeStored(storage, STORAGE_KEY, STORAGE_VERSION, useVisitorPreferences.getState());
}

function configKey(signedIn: boolean): string {
  return signedIn ? 'member' : 'visitor';
}

export type SportsSettingsView = SportsConfig & { signedIn: boolean };

/**
 * The slip's limits and quick stakes and the member's odds format and odds-change policy. The book's defaults until
 * it answers, so a price is never held back by this call.
 */
export function useSportsConfig(): SportsSettingsView {
  const signedIn = useSession(selectIsLoggedIn);
  // The book answers members only: a visitor sees its defaults, and signs in before a bet anyway.
  const config = useQuery({ ...configQuery(configKey(signedIn)), enabled: signedIn }).data ?? DEFAULT_SPORTS_CONFIG;
  const visitor = useVisitorPreferences();
  if (signedIn) return { ...config, signedIn };
  return {
    ...config,
    oddsFormat: visitor.oddsFormat ?? config.oddsFormat,
    acceptOdds: visitor.acceptOdds ?? config.acceptOdds,
    signedIn,
  };
}

export function useOddsFormat(): OddsFormat {
  return useSportsConfig().oddsFormat;
}

type Change = Partial<Pick<SportsConfig, 'oddsFormat' | 'acceptOdds'>>;

/**
 * Changes the odds format or the odds-change policy. A member's choice shows at once and is stored on the server
 * (put back, with the reason, when the server refuses); a visitor's stays on this device.
 */
export function useChangePreferences(): (change: Change) => void {
  const queryClient = useQueryClient();
  const signedIn = useSession(selectIsLoggedIn);
  const key = sportsKeys.config(configKey(true));
  const mutation = useMutation({
    mutationFn: savePreferences,
    onMutate: async (change: Change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<SportsConfig>(key);
      queryClient.setQueryData<SportsConfig>(key, (old) => ({ ...(old ?? DEFAULT_SPORTS_CONFIG), ...change }));
      return { before };
    },
    onError: (error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      showError(error);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
  return (change) => {
    if (signedIn) mutation.mutate(change);
    else rememberVisitor(change);
  };
}

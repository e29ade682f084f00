import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../../shared/paths';
import { selectIsLoggedIn, useSession } from '../../../shared/session/session-store';
import { LoadingState } from '../../../shared/ui/states';

/*
 * The sportsbook's pages, each its own chunk, behind one entry of the shell's route table. The shell carries every
 * lazy page, the chunks it shares with others and its route in the code each first screen loads, and that code is
 * held to a size budget; through here the sportsbook costs it one entry.
 */
const HomePage = lazy(() => import('./SportsHomePage'));
const EventPage = lazy(() => import('./SportsEventPage'));
const RecordPage = lazy(() => import('./BettingRecordPage'));
const DetailPage = lazy(() => import('./BettingDetailPage'));

function viewFor(pathname: string, search: URLSearchParams): { Page: ComponentType; membersOnly?: true } | null {
  if (pathname === paths.sports) return { Page: search.has('event') ? EventPage : HomePage };
  if (pathname === paths.bettingRecord) return { Page: RecordPage, membersOnly: true };
  if (pathname === paths.bettingDetail) return { Page: DetailPage, membersOnly: true };
  return null;
}

export default function SportsbookRoutes() {
  const { pathname, search } = useLocation();
  const signedIn = useSession(selectIsLoggedIn);
  const signedOutByMember = useSession((state) => state.signedOutByMember);
  const view = viewFor(pathname, new URLSearchParams(search));
  if (!view) return null;
  // As the shell's member-only pages do: to sign in and back here, or home for someone who just signed out here.
  if (view.membersOnly && !signedIn) {
    const login = `${paths.login}?redirect=${encodeURIComponent(`${pathname}${search}`)}`;
    return <Navigate to={signedOutByMember ? paths.home : login} replace />;
  }
  return (
    <Suspense fallback={<LoadingState minHeight={320} />}>
      <view.Page />
    </Suspense>
  );
}

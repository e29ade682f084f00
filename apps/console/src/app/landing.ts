import { mayOpen, type OperatorRole } from '@jinb/contract';
import { dashboardPreload } from '../features/dashboard/preload';

/** What to fetch ahead for a page: its code, and (once the operator's role is known) its first data. */
export type PagePreload = {
  loadPage(): void;
  prefetchData(queryClient: import('@tanstack/react-query').QueryClient): void;
};

/**
 * The page a signed-in tab is about to show when it opens at `pathname` (with or without the /console base): 概览
 * at the console's root (the first menu entry of every role that reads figures) or at its own path. Without the role
 * (adminMe not answered yet) the guess is the dashboard; with it, only when the role may open it.
 */
export function landingPreload(pathname: string, role?: OperatorRole): PagePreload | undefined {
  const path = pathname.replace(/^\/console(?=\/|$)/, '').replace(/\/+$/, '');
  if (path !== '' && path !== '/dashboard') return undefined;
  if (role && !mayOpen(role, 'dashboard')) return undefined;
  return dashboardPreload;
}

import type { ReactElement } from 'react';
import { useSearchParams } from 'react-router';

/**
 * /user/bettingRecord: the sports tab (no `kind`, the URLs the sportsbook always had) or the casino's tabs
 * (`?kind=casino`, `?kind=vendor`). The two pages are separate chunks of separate features, so the app picks.
 */
export function BettingRecords({ sports, casino }: { sports: ReactElement; casino: ReactElement }) {
  const [params] = useSearchParams();
  const kind = params.get('kind');
  return kind === 'casino' || kind === 'vendor' ? casino : sports;
}

import { useBalanceLive } from './use-balance-live';

/**
 * The balance pushes as a component of its own, so a page that shows the balance in its first screen (the home
 * header, the member centre) can load them with React.lazy after that screen: no route's first-load JS grows.
 */
export default function BalanceLive(): null {
  useBalanceLive();
  return null;
}

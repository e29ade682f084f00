import { useUnreadLive } from './use-unread-live';

/**
 * The unread pushes as a component of its own, so the tab bar can load them with React.lazy after the first screen
 * (as BalanceLive does for the balance): no route's first-load JS grows.
 */
export default function UnreadLive(): null {
  useUnreadLive();
  return null;
}

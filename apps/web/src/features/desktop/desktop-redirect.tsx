import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isInNativeApp } from '../../shared/native/bridge';
import { paths } from '../../shared/paths';
import { currentDeviceTraits, type DeviceTraits, isDesktopDevice } from './device';

/** `?desktop=0` asks for the mobile site on any device: the desktop page's phone preview frame uses it. */
export const STAY_MOBILE_PARAM = 'desktop';

let stayMobile = false;

/**
 * Where /app/home should send this visitor instead, keeping the query string (spec section 2), or null.
 * Once a document has asked to stay mobile it keeps doing so, so tab taps inside the preview frame never bounce.
 */
export function desktopHomeTarget(search: string, traits: DeviceTraits = currentDeviceTraits()): string | null {
  if (new URLSearchParams(search).get(STAY_MOBILE_PARAM) === '0') stayMobile = true;
  if (stayMobile || isInNativeApp() || !isDesktopDevice(traits)) return null;
  return `${paths.desktopHome}${search}`;
}

/** Wraps /app/home: desktops go to the desktop landing page instead. */
export function DesktopRedirect({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  const target = desktopHomeTarget(search);
  return target ? <Navigate to={target} replace /> : children;
}

/** Wraps /home: a phone that lands on the desktop page goes to the mobile home, query kept. */
export function MobileRedirect({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  if (isDesktopDevice(currentDeviceTraits())) return children;
  return <Navigate to={`${paths.home}${search}`} replace />;
}

export function resetStayMobileForTests(): void {
  stayMobile = false;
}

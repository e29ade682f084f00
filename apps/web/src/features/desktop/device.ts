const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|OpenHarmony|webOS|BlackBerry|IEMobile|Opera Mini/i;
/** Narrower than this and the mobile site is the better fit anyway. */
const WIDE_SCREEN_PX = 768;

export type DeviceTraits = { userAgent: string; maxTouchPoints: number; viewportWidth: number };

export function currentDeviceTraits(): DeviceTraits {
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    viewportWidth: window.innerWidth,
  };
}

/**
 * A desktop is a desktop browser (no phone/tablet user agent), without touch, on a wide screen. All three must
 * hold: a touch laptop, a narrow window or an iPad that calls itself "Macintosh" keeps the mobile site.
 */
export function isDesktopDevice(traits: DeviceTraits = currentDeviceTraits()): boolean {
  if (MOBILE_UA.test(traits.userAgent)) return false;
  if (traits.maxTouchPoints > 0) return false;
  return traits.viewportWidth >= WIDE_SCREEN_PX;
}

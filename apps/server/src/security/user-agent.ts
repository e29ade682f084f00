import type { DeviceKind } from '@jinb/contract';

/** What the sign-in history shows for a browser: "iPhone · Safari", "Android · Chrome"; '' when nothing is known. */
export type DeviceName = { name: string; kind: DeviceKind };

/** First match wins: in-app browsers and Chromium forks name themselves before the engine they are built on. */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/MicroMessenger\//, '微信'],
  [/\bQQ\/\d/, 'QQ'],
  [/MQQBrowser\//, 'QQ浏览器'],
  [/UCBrowser\/|UCWEB/, 'UC'],
  [/Quark\//, '夸克'],
  [/baiduboxapp\//, '百度'],
  [/HuaweiBrowser\//, '华为浏览器'],
  [/MiuiBrowser\//, '小米浏览器'],
  [/HeyTapBrowser\//, 'OPPO浏览器'],
  [/VivoBrowser\//, 'vivo浏览器'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/EdgA?\/|EdgiOS\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/FxiOS\/|Firefox\//, 'Firefox'],
  [/CriOS\/|Chrome\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

function system(ua: string): { name: string; kind: DeviceKind } | null {
  if (/iPad/.test(ua)) return { name: 'iPad', kind: 'tablet' };
  if (/iPhone|iPod/.test(ua)) return { name: 'iPhone', kind: 'phone' };
  if (/HarmonyOS|OpenHarmony/.test(ua)) return { name: 'HarmonyOS', kind: /Tablet|Pad/.test(ua) ? 'tablet' : 'phone' };
  // Android tablets leave "Mobile" out of their user agent.
  if (/Android/.test(ua)) return { name: 'Android', kind: /Mobile/.test(ua) ? 'phone' : 'tablet' };
  if (/Windows Phone/.test(ua)) return { name: 'Windows Phone', kind: 'phone' };
  if (/Windows NT/.test(ua)) return { name: 'Windows', kind: 'desktop' };
  // iPadOS 13+ asks for the desktop site and says Macintosh; a touch screen is what tells it apart, which a server
  // cannot see: it is a Mac here.
  if (/Macintosh|Mac OS X/.test(ua)) return { name: 'Mac', kind: 'desktop' };
  if (/CrOS/.test(ua)) return { name: 'ChromeOS', kind: 'desktop' };
  if (/Linux|X11/.test(ua)) return { name: 'Linux', kind: 'desktop' };
  return null;
}

/**
 * A short readable name from a user agent, without a parsing library: the system and the browser, which is what a
 * member recognises ("was that my iPhone?"). Models are left out: most Android browsers now report a frozen "K".
 */
export function deviceFromUserAgent(userAgent: string | undefined): DeviceName {
  const ua = (userAgent ?? '').slice(0, 512);
  const os = system(ua);
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  if (!os) return { name: browser ?? '', kind: 'unknown' };
  return { name: browser ? `${os.name} · ${browser}` : os.name, kind: os.kind };
}

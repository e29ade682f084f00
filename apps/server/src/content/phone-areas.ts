import type { PhoneArea } from '@jinb/contract';

/** Calling codes members can register with, and the national-number pattern of each. */
export const PHONE_AREAS: PhoneArea[] = [
  { area: '86', name: '中国大陆', pattern: '^1[3-9]\\d{9}$' },
  { area: '852', name: '中国香港', pattern: '^[4-9]\\d{7}$' },
  { area: '853', name: '中国澳门', pattern: '^6\\d{7}$' },
  { area: '886', name: '中国台湾', pattern: '^9\\d{8}$' },
  { area: '60', name: '马来西亚', pattern: '^1\\d{8,9}$' },
  { area: '63', name: '菲律宾', pattern: '^9\\d{9}$' },
  { area: '65', name: '新加坡', pattern: '^[89]\\d{7}$' },
  { area: '66', name: '泰国', pattern: '^[689]\\d{8}$' },
  { area: '84', name: '越南', pattern: '^[35789]\\d{8}$' },
];

const PATTERNS = new Map(PHONE_AREAS.map((entry) => [entry.area, new RegExp(entry.pattern)]));

export function phoneAllowed(area: string, phone: string): 'ok' | 'AREA_UNKNOWN' | 'PHONE_FORMAT' {
  const pattern = PATTERNS.get(area);
  if (!pattern) return 'AREA_UNKNOWN';
  return pattern.test(phone) ? 'ok' : 'PHONE_FORMAT';
}

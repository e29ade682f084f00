import { BlockList, isIPv4, isIPv6 } from 'node:net';
import IP2Region from 'ip2region';

/** Where a sign-in came from: `local` for private, loopback and link-local addresses (shown as 本地网络). */
export type IpArea = { network: 'public' | 'local'; area: string };

const LOCAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  LOCAL.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::1', 128],
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  LOCAL.addSubnet(net, prefix, 'ipv6');

/** An IPv4 address as IPv6 (`::ffff:1.2.3.4`, what a dual-stack socket reports) is the IPv4 address. */
function unmapped(ip: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return match?.[1] ?? ip;
}

// ip2region (MIT; its data: the ip2region project's IPv4 database and ipv6wry's IPv6 one) reads both files, about
// 11 MB, into memory: on the first sign-in, not at start, so a process that never signs anyone in never loads them.
let database: IP2Region | undefined;

function lookup(ip: string): { country: string; province: string; city: string } | null {
  try {
    database ??= new IP2Region();
    return database.search(ip);
  } catch {
    // A damaged or missing database file costs the area, never the sign-in.
    return null;
  }
}

/**
 * The area of a client address from the offline database, in simplified Chinese: "广东省深圳市" for a mainland
 * address, "香港" for Hong Kong, Macau and Taiwan, the country ("美国") anywhere else; '' when the database does
 * not know it.
 */
export function areaOf(raw: string): IpArea {
  const ip = unmapped(raw);
  const family = isIPv4(ip) ? 'ipv4' : isIPv6(ip) ? 'ipv6' : null;
  if (!family) return { network: 'public', area: '' };
  if (LOCAL.check(ip, family)) return { network: 'local', area: '' };
  const found = lookup(ip);
  if (!found) return { network: 'public', area: '' };
  const { country, province, city } = found;
  if (country === '中国') {
    if (['香港', '澳门', '台湾'].some((region) => province.startsWith(region)))
      return { network: 'public', area: province };
    // Beijing, Shanghai, Tianjin and Chongqing are province and city at once: "北京" and "北京市" read "北京市".
    if (city?.startsWith(province)) return { network: 'public', area: city };
    return { network: 'public', area: `${province}${city}` || country };
  }
  return { network: 'public', area: country };
}

/** The address as the history shows it: the network half of an IPv4 one (113.87.*.*), the first two groups of IPv6. */
export function maskIp(raw: string): string {
  const ip = unmapped(raw);
  if (isIPv4(ip)) {
    const [a, b] = ip.split('.');
    return `${a}.${b}.*.*`;
  }
  if (isIPv6(ip)) {
    if (ip.startsWith('::')) return '::*';
    const groups = ip.split(':').filter(Boolean);
    return `${groups.slice(0, 2).join(':')}:*:*`;
  }
  return '*';
}

import { createHash } from 'node:crypto';

/**
 * Demo artwork drawn as SVG on the fly, so the seeded catalogue and banners have real images without shipping
 * binary files. Operators replace them with uploads; nothing here is used for their content.
 */
function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function hueOf(seed: string): number {
  return createHash('sha256').update(seed).digest()[0]! * 1.4;
}

export function bannerSvg(title: string, subtitle: string): string {
  const hue = hueOf(title);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,45%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360},80%,30%)"/></linearGradient></defs>
<rect width="750" height="300" fill="url(#g)"/>
<circle cx="640" cy="60" r="140" fill="#fff" opacity=".08"/><circle cx="700" cy="260" r="90" fill="#ffd666" opacity=".18"/>
<text x="48" y="140" font-family="sans-serif" font-size="56" font-weight="700" fill="#fff">${escapeXml(title)}</text>
<text x="50" y="200" font-family="sans-serif" font-size="28" fill="#ffe7ba">${escapeXml(subtitle)}</text>
</svg>`;
}

export function iconSvg(label: string): string {
  const hue = hueOf(label);
  const short = [...label].slice(0, 2).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},75%,58%)"/><stop offset="1" stop-color="hsl(${hue},75%,38%)"/></linearGradient></defs>
<rect width="160" height="160" rx="36" fill="url(#g)"/>
<text x="80" y="98" text-anchor="middle" font-family="sans-serif" font-size="44" font-weight="700" fill="#fff">${escapeXml(short)}</text>
</svg>`;
}

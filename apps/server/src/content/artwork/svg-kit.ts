/**
 * Drawing pieces shared by the demo artwork: gradients, coins, cards, chips, dice, balls, fish and sparkles.
 * Everything is plain SVG in a fixed coordinate space, so the same source always rasterises to the same image.
 */

export const FONT_SANS = "'Noto Sans CJK SC', 'Noto Sans CJK', sans-serif";
export const FONT_LATIN = "'DejaVu Sans', sans-serif";

/** Rounds to two decimals, so generated coordinates (and the source hash) stay stable and short. */
export const n = (value: number) => Math.round(value * 100) / 100;

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function svgDocument(width: number, height: number, viewBox: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}">${body}</svg>`;
}

export function linear(id: string, stops: string[], [x1, y1, x2, y2] = [0, 0, 0, 1]): string {
  const last = stops.length - 1;
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops
    .map((color, index) => `<stop offset="${n(index / last)}" stop-color="${color}"/>`)
    .join('')}</linearGradient>`;
}

export function radial(id: string, stops: Array<[color: string, opacity: number]>, [cx, cy, r] = [0.5, 0.5, 0.5]) {
  const last = stops.length - 1;
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops
    .map(
      ([color, opacity], index) =>
        `<stop offset="${n(index / last)}" stop-color="${color}" stop-opacity="${opacity}"/>`,
    )
    .join('')}</radialGradient>`;
}

/** Gradients every piece may use: gold, silver, card face, sphere shading and a soft glow. */
export function commonDefs(): string {
  return [
    linear('gold', ['#fff4c2', '#ffd24d', '#f0a500', '#b86e00']),
    linear('goldSide', ['#e39400', '#9c5800']),
    linear('silver', ['#ffffff', '#d9dde3', '#a8b0bb']),
    linear('face', ['#ffffff', '#f1f2f5']),
    linear('red', ['#ff6b5b', '#e0281a', '#a3120a']),
    radial(
      'sphere',
      [
        ['#ffffff', 0.85],
        ['#ffffff', 0],
      ],
      [0.35, 0.3, 0.45],
    ),
    radial(
      'shade',
      [
        ['#000000', 0],
        ['#000000', 0.35],
      ],
      [0.4, 0.35, 0.75],
    ),
    radial('glow', [
      ['#ffffff', 0.55],
      ['#ffffff', 0],
    ]),
    radial('ground', [
      ['#000000', 0.35],
      ['#000000', 0],
    ]),
  ].join('');
}

/** Light rays from a point, a classic casino backdrop. */
export function rays(cx: number, cy: number, length: number, count: number, opacity: number, color = '#fff'): string {
  const wedges: string[] = [];
  const step = (Math.PI * 2) / count;
  for (let index = 0; index < count; index += 2) {
    const a = index * step;
    const b = a + step;
    wedges.push(
      `M${n(cx)} ${n(cy)}L${n(cx + Math.cos(a) * length)} ${n(cy + Math.sin(a) * length)}L${n(cx + Math.cos(b) * length)} ${n(cy + Math.sin(b) * length)}Z`,
    );
  }
  return `<path d="${wedges.join('')}" fill="${color}" opacity="${opacity}"/>`;
}

/** A four-pointed twinkle. */
export function sparkle(x: number, y: number, size: number, color = '#fff', opacity = 1): string {
  const s = size;
  const k = size * 0.22;
  return `<path d="M${n(x)} ${n(y - s)}Q${n(x + k)} ${n(y - k)} ${n(x + s)} ${n(y)}Q${n(x + k)} ${n(y + k)} ${n(x)} ${n(y + s)}Q${n(x - k)} ${n(y + k)} ${n(x - s)} ${n(y)}Q${n(x - k)} ${n(y - k)} ${n(x)} ${n(y - s)}Z" fill="${color}" opacity="${opacity}"/>`;
}

/** A soft elliptical shadow under an object standing at (cx, cy). */
export function groundShadow(cx: number, cy: number, rx: number, ry: number): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="url(#ground)"/>`;
}

/** A gold coin seen face on, with a raised rim and the currency sign. */
export function coin(cx: number, cy: number, r: number, tilt = 0): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${tilt}) scale(1 ${tilt ? 0.92 : 1})">
<circle r="${n(r)}" cy="${n(r * 0.12)}" fill="url(#goldSide)"/>
<circle r="${n(r)}" fill="url(#gold)"/>
<circle r="${n(r * 0.78)}" fill="none" stroke="#b86e00" stroke-width="${n(r * 0.07)}" opacity=".55"/>
<circle r="${n(r * 0.78)}" fill="none" stroke="#fff6d0" stroke-width="${n(r * 0.04)}" opacity=".7" transform="translate(${n(-r * 0.03)} ${n(-r * 0.03)})"/>
<path d="M${n(-r * 0.32)} ${n(-r * 0.42)}L0 ${n(-r * 0.02)}L${n(r * 0.32)} ${n(-r * 0.42)}M0 ${n(-r * 0.02)}V${n(r * 0.46)}M${n(-r * 0.28)} ${n(r * 0.06)}H${n(r * 0.28)}M${n(-r * 0.28)} ${n(r * 0.24)}H${n(r * 0.28)}" fill="none" stroke="#9c5800" stroke-width="${n(r * 0.12)}" stroke-linecap="round" stroke-linejoin="round"/>
<ellipse cx="${n(-r * 0.35)}" cy="${n(-r * 0.45)}" rx="${n(r * 0.28)}" ry="${n(r * 0.14)}" fill="#fff" opacity=".55" transform="rotate(-35 ${n(-r * 0.35)} ${n(-r * 0.45)})"/>
</g>`;
}

export type Suit = 'spade' | 'heart' | 'diamond' | 'club';

/** A suit symbol centred on (0, 0), about 2 units across; scale it with a transform. */
export function suitPath(suit: Suit): string {
  switch (suit) {
    case 'heart':
      return 'M0 0.9C-0.2 0.6 -1 0.1 -1 -0.4C-1 -0.8 -0.7 -1 -0.45 -1C-0.2 -1 -0.05 -0.85 0 -0.7C0.05 -0.85 0.2 -1 0.45 -1C0.7 -1 1 -0.8 1 -0.4C1 0.1 0.2 0.6 0 0.9Z';
    case 'diamond':
      return 'M0 -1L0.72 0L0 1L-0.72 0Z';
    case 'spade':
      return 'M0 -1C0.2 -0.6 1 -0.2 1 0.25C1 0.6 0.72 0.78 0.45 0.78C0.25 0.78 0.1 0.68 0.05 0.55C0.08 0.75 0.2 0.92 0.35 1H-0.35C-0.2 0.92 -0.08 0.75 -0.05 0.55C-0.1 0.68 -0.25 0.78 -0.45 0.78C-0.72 0.78 -1 0.6 -1 0.25C-1 -0.2 -0.2 -0.6 0 -1Z';
    case 'club':
      return 'M0 -1A0.42 0.42 0 1 1 0 -0.16A0.42 0.42 0 1 1 0.05 0.5L0.35 1H-0.35L-0.05 0.5A0.42 0.42 0 1 1 0 -0.16A0.42 0.42 0 0 1 0 -1Z';
  }
}

const SUIT_COLOR: Record<Suit, string> = { spade: '#1f2329', club: '#1f2329', heart: '#e0281a', diamond: '#e0281a' };

/** A playing card, 30 x 42 units before scaling, its top-left corner rotated about its centre. */
export function card(cx: number, cy: number, angle: number, rank: string, suit: Suit, scale = 1): string {
  const color = SUIT_COLOR[suit];
  return `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${angle}) scale(${scale})">
<rect x="-14.2" y="-19.4" width="30" height="42" rx="4" fill="#000" opacity=".22"/>
<rect x="-15" y="-21" width="30" height="42" rx="4" fill="url(#face)" stroke="#c9ced6" stroke-width=".8"/>
<text x="-11.5" y="-11" font-family="${FONT_LATIN}" font-weight="700" font-size="9" fill="${color}">${escapeXml(rank)}</text>
<path d="${suitPath(suit)}" transform="translate(-8.5 -4.5) scale(2.6)" fill="${color}"/>
<path d="${suitPath(suit)}" transform="translate(3 7) scale(7.5)" fill="${color}"/>
</g>`;
}

/** A card seen from the back: red with a gold lattice. */
export function cardBack(cx: number, cy: number, angle: number, scale = 1): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${angle}) scale(${scale})">
<rect x="-14.2" y="-19.4" width="30" height="42" rx="4" fill="#000" opacity=".22"/>
<rect x="-15" y="-21" width="30" height="42" rx="4" fill="#fff" stroke="#c9ced6" stroke-width=".8"/>
<rect x="-12" y="-18" width="24" height="36" rx="2.5" fill="url(#red)"/>
<path d="M-12 -10L-4 -18M-12 -2L4 -18M-12 6L12 -18M-12 14L12 -10M-8 18L12 -2M0 18L12 6M8 18L12 14M12 -10L4 -18M12 -2L-4 -18M12 6L-12 -18M12 14L-12 -10M8 18L-12 -2M0 18L-12 6M-8 18L-12 14" stroke="#ffd24d" stroke-width=".7" opacity=".7"/>
<circle r="5" fill="url(#gold)" stroke="#9c5800" stroke-width=".6"/>
</g>`;
}

/** A casino chip, seen from above, in one colour with white edge stripes. */
export function chip(cx: number, cy: number, r: number, color: string, label = ''): string {
  const edge = 2 * Math.PI * r * 0.86;
  return `<g transform="translate(${n(cx)} ${n(cy)})">
<circle r="${n(r)}" cy="${n(r * 0.14)}" fill="#000" opacity=".25"/>
<circle r="${n(r)}" fill="${color}"/>
<circle r="${n(r * 0.86)}" fill="none" stroke="#fff" stroke-width="${n(r * 0.22)}" stroke-dasharray="${n(edge / 12)} ${n(edge / 12)}"/>
<circle r="${n(r * 0.6)}" fill="${color}" stroke="#fff" stroke-width="${n(r * 0.05)}" stroke-dasharray="${n(r * 0.2)} ${n(r * 0.1)}"/>
<circle r="${n(r)}" fill="url(#sphere)" opacity=".5"/>
${label ? `<text y="${n(r * 0.2)}" text-anchor="middle" font-family="${FONT_LATIN}" font-weight="700" font-size="${n(r * 0.55)}" fill="#fff">${escapeXml(label)}</text>` : ''}
</g>`;
}

const PIPS: Record<number, Array<[number, number]>> = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};

/** A die seen slightly from above, showing `face` pips (a red one for 1 and 4, as Chinese dice have them). */
export function die(cx: number, cy: number, size: number, face: number, angle = 0, body = '#ffffff'): string {
  const h = size / 2;
  const pip = size * 0.1;
  const red = face === 1 || face === 4;
  return `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${angle})">
<rect x="${n(-h)}" y="${n(-h + size * 0.1)}" width="${n(size)}" height="${n(size)}" rx="${n(size * 0.2)}" fill="#000" opacity=".25"/>
<rect x="${n(-h)}" y="${n(-h)}" width="${n(size)}" height="${n(size)}" rx="${n(size * 0.2)}" fill="${body}"/>
<rect x="${n(-h)}" y="${n(-h)}" width="${n(size)}" height="${n(size)}" rx="${n(size * 0.2)}" fill="url(#shade)"/>
${(PIPS[face] ?? [])
  .map(
    ([x, y]) =>
      `<circle cx="${n(x * size * 0.27)}" cy="${n(y * size * 0.27)}" r="${n(face === 1 ? pip * 1.7 : pip)}" fill="${red ? '#e0281a' : '#1f2329'}"/>`,
  )
  .join('')}
<path d="M${n(-h + size * 0.18)} ${n(-h + size * 0.08)}H${n(h - size * 0.3)}" stroke="#fff" stroke-width="${n(size * 0.06)}" stroke-linecap="round" opacity=".8"/>
</g>`;
}

/** A glossy ball with a white disc and a number, as lottery draws use. */
export function ball(cx: number, cy: number, r: number, color: string, label = ''): string {
  return `<g transform="translate(${n(cx)} ${n(cy)})">
<circle r="${n(r)}" fill="${color}"/>
<circle r="${n(r)}" fill="url(#shade)"/>
${label ? `<circle r="${n(r * 0.55)}" fill="#fff"/><text y="${n(r * 0.22)}" text-anchor="middle" font-family="${FONT_LATIN}" font-weight="700" font-size="${n(r * (label.length > 1 ? 0.55 : 0.65))}" fill="#1f2329">${escapeXml(label)}</text>` : ''}
<circle r="${n(r)}" fill="url(#sphere)"/>
</g>`;
}

/** A fish facing right, about 40 units long at scale 1. */
export function fish(cx: number, cy: number, scale: number, body: string, fin: string, flip = false): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${flip ? -scale : scale} ${scale})">
<path d="M-16 0L-24 -9Q-22 0 -24 9Z" fill="${fin}"/>
<path d="M-4 -9Q0 -17 8 -12L4 -7Z" fill="${fin}"/>
<path d="M-18 0Q-8 -14 8 -10Q18 -7 20 0Q18 7 8 10Q-8 14 -18 0Z" fill="${body}"/>
<path d="M-18 0Q-8 -14 8 -10Q18 -7 20 0Q18 7 8 10Q-8 14 -18 0Z" fill="url(#shade)"/>
<path d="M-2 -9Q3 0 -2 9M4 -9.5Q9 0 4 9.5" fill="none" stroke="#fff" stroke-width="1" opacity=".35"/>
<path d="M-2 4Q3 8 8 5" fill="none" stroke="${fin}" stroke-width="2" stroke-linecap="round"/>
<circle cx="12" cy="-2.5" r="3" fill="#fff"/>
<circle cx="12.8" cy="-2.5" r="1.6" fill="#1f2329"/>
<path d="M-12 -3Q-2 -11 10 -8" fill="none" stroke="#fff" stroke-width="1.6" stroke-linecap="round" opacity=".55"/>
</g>`;
}

/** A gold ingot (yuanbao), the traditional sign of wealth. */
export function ingot(cx: number, cy: number, scale: number): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
<path d="M-24 -4Q-26 -14 -16 -12Q-10 -4 0 -4Q10 -4 16 -12Q26 -14 24 -4L18 10Q0 16 -18 10Z" fill="url(#gold)" stroke="#9c5800" stroke-width="1"/>
<ellipse cx="0" cy="-8" rx="10" ry="8" fill="url(#gold)" stroke="#9c5800" stroke-width="1"/>
<ellipse cx="-3" cy="-11" rx="4" ry="2.5" fill="#fff" opacity=".6"/>
<path d="M-18 2Q0 8 18 2" fill="none" stroke="#fff4c2" stroke-width="1.5" opacity=".7"/>
</g>`;
}

/** A rounded star (for crowns, badges and the hot group). */
export function star(cx: number, cy: number, r: number, fill: string): string {
  const points: string[] = [];
  for (let index = 0; index < 10; index++) {
    const radius = index % 2 === 0 ? r : r * 0.45;
    const angle = -Math.PI / 2 + (index * Math.PI) / 5;
    points.push(`${n(cx + Math.cos(angle) * radius)} ${n(cy + Math.sin(angle) * radius)}`);
  }
  return `<path d="M${points.join('L')}Z" fill="${fill}" stroke="${fill}" stroke-width="${n(r * 0.12)}" stroke-linejoin="round"/>`;
}

/** Text drawn twice, a thick outline under a gradient fill, the way game titles are lettered. */
export function display(
  text: string,
  x: number,
  y: number,
  size: number,
  options: { fill: string; outline: string; anchor?: 'start' | 'middle'; family?: string; spacing?: number },
): string {
  const common = `x="${n(x)}" y="${n(y)}" font-family="${options.family ?? FONT_SANS}" font-weight="700" font-size="${n(size)}" text-anchor="${options.anchor ?? 'start'}" letter-spacing="${options.spacing ?? 0}"`;
  const body = escapeXml(text);
  return `<text ${common} fill="${options.outline}" stroke="${options.outline}" stroke-width="${n(size * 0.16)}" stroke-linejoin="round" transform="translate(0 ${n(size * 0.05)})">${body}</text>
<text ${common} fill="${options.outline}" stroke="${options.outline}" stroke-width="${n(size * 0.12)}" stroke-linejoin="round">${body}</text>
<text ${common} fill="${options.fill}">${body}</text>`;
}

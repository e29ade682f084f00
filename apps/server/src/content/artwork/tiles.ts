import {
  ball,
  card,
  cardBack,
  chip,
  coin,
  commonDefs,
  die,
  display,
  FONT_LATIN,
  FONT_SANS,
  fish,
  groundShadow,
  ingot,
  linear,
  n,
  radial,
  rays,
  sparkle,
  star,
  suitPath,
  svgDocument,
} from './svg-kit';

/**
 * Game tiles: square artwork, drawn in a 120-unit box and shown at up to 72 CSS px. The member sees the game's
 * name under the tile and a "coming soon" strip over its lowest fifth, so each motif sits in the upper four fifths
 * and carries no words of its own.
 */
export const TILE_SIZE = 216;

type Palette = { light: string; dark: string };

function tile(palette: Palette, motif: string, options: { rays?: boolean; extraDefs?: string } = {}): string {
  const body = `<defs>${commonDefs()}${radial(
    'bg',
    [
      [palette.light, 1],
      [palette.dark, 1],
    ],
    [0.5, 0.38, 0.75],
  )}${linear('foot', ['#000000', '#000000'])}${options.extraDefs ?? ''}</defs>
<rect width="120" height="120" fill="url(#bg)"/>
${options.rays === false ? '' : rays(60, 50, 120, 28, 0.08)}
<circle cx="60" cy="50" r="46" fill="url(#glow)" opacity=".55"/>
${motif}
<rect y="0" width="120" height="120" fill="none" stroke="#fff" stroke-opacity=".18" stroke-width="2"/>`;
  return svgDocument(TILE_SIZE, TILE_SIZE, '0 0 120 120', body);
}

const sparkles = (points: Array<[number, number, number]>) =>
  points.map(([x, y, size]) => sparkle(x, y, size, '#fff', 0.9)).join('');

// Sports balls -----------------------------------------------------------------------------------------------------

function football(cx: number, cy: number, r: number, id: string): string {
  const patches: string[] = [];
  const pentagon = (px: number, py: number, size: number, turn: number) => {
    const corners: string[] = [];
    for (let index = 0; index < 5; index++) {
      const angle = turn + (index * 2 * Math.PI) / 5;
      corners.push(`${n(px + Math.cos(angle) * size)} ${n(py + Math.sin(angle) * size)}`);
    }
    return `M${corners.join('L')}Z`;
  };
  patches.push(pentagon(cx, cy, r * 0.3, -Math.PI / 2));
  for (let index = 0; index < 5; index++) {
    const angle = -Math.PI / 2 + (index * 2 * Math.PI) / 5;
    patches.push(pentagon(cx + Math.cos(angle) * r * 0.92, cy + Math.sin(angle) * r * 0.92, r * 0.3, angle + Math.PI));
  }
  const seams: string[] = [];
  for (let index = 0; index < 5; index++) {
    const angle = -Math.PI / 2 + (index * 2 * Math.PI) / 5;
    seams.push(
      `M${n(cx + Math.cos(angle) * r * 0.3)} ${n(cy + Math.sin(angle) * r * 0.3)}L${n(cx + Math.cos(angle) * r * 0.62)} ${n(cy + Math.sin(angle) * r * 0.62)}`,
    );
  }
  return `<clipPath id="${id}"><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"/></clipPath>
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="#fff"/>
<g clip-path="url(#${id})"><path d="${patches.join('')}" fill="#1f2329"/><path d="${seams.join('')}" stroke="#1f2329" stroke-width="${n(r * 0.05)}"/></g>
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#shade)"/>
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#sphere)"/>`;
}

function basketball(cx: number, cy: number, r: number): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="#f57c1f"/>
<g fill="none" stroke="#3a1d05" stroke-width="${n(r * 0.07)}" stroke-linecap="round">
<path d="M${n(cx - r)} ${n(cy)}H${n(cx + r)}M${n(cx)} ${n(cy - r)}V${n(cy + r)}"/>
<path d="M${n(cx - r * 0.7)} ${n(cy - r * 0.72)}Q${n(cx - r * 0.25)} ${n(cy)} ${n(cx - r * 0.7)} ${n(cy + r * 0.72)}"/>
<path d="M${n(cx + r * 0.7)} ${n(cy - r * 0.72)}Q${n(cx + r * 0.25)} ${n(cy)} ${n(cx + r * 0.7)} ${n(cy + r * 0.72)}"/>
</g>
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#shade)"/>
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#sphere)" opacity=".7"/>`;
}

function tennisBall(cx: number, cy: number, r: number): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="#d4ee2a"/>
<g fill="none" stroke="#fff" stroke-width="${n(r * 0.12)}" stroke-linecap="round">
<path d="M${n(cx - r * 0.72)} ${n(cy - r * 0.7)}Q${n(cx)} ${n(cy - r * 0.1)} ${n(cx - r * 0.72)} ${n(cy + r * 0.7)}"/>
<path d="M${n(cx + r * 0.72)} ${n(cy - r * 0.7)}Q${n(cx)} ${n(cy + r * 0.1)} ${n(cx + r * 0.72)} ${n(cy + r * 0.7)}"/>
</g>
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#shade)"/>
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#sphere)" opacity=".8"/>`;
}

function volleyball(cx: number, cy: number, r: number, id: string): string {
  return `<clipPath id="${id}"><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"/></clipPath>
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="#fff"/>
<g clip-path="url(#${id})" stroke="#1f3a8a" stroke-width="${n(r * 0.05)}">
<path d="M${n(cx)} ${n(cy)}Q${n(cx + r * 0.2)} ${n(cy - r * 0.7)} ${n(cx - r * 0.3)} ${n(cy - r * 1.1)}L${n(cx - r * 1.2)} ${n(cy - r * 0.6)}Q${n(cx - r * 0.7)} ${n(cy - r * 0.2)} ${n(cx)} ${n(cy)}Z" fill="#2f6fe4"/>
<path d="M${n(cx)} ${n(cy)}Q${n(cx + r * 0.75)} ${n(cy + r * 0.1)} ${n(cx + r * 1.1)} ${n(cy + r * 0.6)}L${n(cx + r * 0.3)} ${n(cy + r * 1.2)}Q${n(cx + r * 0.1)} ${n(cy + r * 0.5)} ${n(cx)} ${n(cy)}Z" fill="#ffd23f"/>
<path d="M${n(cx)} ${n(cy)}Q${n(cx - r * 0.55)} ${n(cy + r * 0.55)} ${n(cx - r * 1.1)} ${n(cy + r * 0.5)}L${n(cx - r * 1.2)} ${n(cy + r * 1.2)}L${n(cx + r * 0.3)} ${n(cy + r * 1.2)}Q${n(cx + r * 0.1)} ${n(cy + r * 0.5)} ${n(cx)} ${n(cy)}Z" fill="#fff"/>
<path d="M${n(cx)} ${n(cy)}Q${n(cx + r * 0.2)} ${n(cy - r * 0.7)} ${n(cx + r * 1.1)} ${n(cy - r * 0.5)}" fill="none"/>
</g>
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#shade)"/>
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#sphere)" opacity=".8"/>`;
}

function baseball(cx: number, cy: number, r: number): string {
  const stitches = `stroke="#d62d20" stroke-width="${n(r * 0.09)}" stroke-dasharray="${n(r * 0.08)} ${n(r * 0.1)}" fill="none"`;
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="#fbfaf5"/>
<path d="M${n(cx - r * 0.7)} ${n(cy - r * 0.7)}Q${n(cx - r * 0.2)} ${n(cy)} ${n(cx - r * 0.7)} ${n(cy + r * 0.7)}" ${stitches}/>
<path d="M${n(cx + r * 0.7)} ${n(cy - r * 0.7)}Q${n(cx + r * 0.2)} ${n(cy)} ${n(cx + r * 0.7)} ${n(cy + r * 0.7)}" ${stitches}/>
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#shade)"/>
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#sphere)" opacity=".8"/>`;
}

function gamepad(cx: number, cy: number, scale: number): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
<path d="M-22 -10Q-26 -12 -30 -6Q-38 12 -32 18Q-27 22 -20 14L-14 8H14L20 14Q27 22 32 18Q38 12 30 -6Q26 -12 22 -10Z" fill="#000" opacity=".25" transform="translate(0 3)"/>
<path d="M-22 -10Q-26 -12 -30 -6Q-38 12 -32 18Q-27 22 -20 14L-14 8H14L20 14Q27 22 32 18Q38 12 30 -6Q26 -12 22 -10Z" fill="#2b2f45"/>
<path d="M-22 -10Q-26 -12 -30 -6Q-38 12 -32 18Q-27 22 -20 14L-14 8H14L20 14Q27 22 32 18Q38 12 30 -6Q26 -12 22 -10Z" fill="url(#sphere)" opacity=".35"/>
<path d="M-23 -2H-19V-6H-15V-2H-11V2H-15V6H-19V2H-23Z" fill="#e9ecf5"/>
<circle cx="18" cy="-4" r="2.6" fill="#ffd23f"/><circle cx="24" cy="1" r="2.6" fill="#ff4d6d"/>
<circle cx="12" cy="1" r="2.6" fill="#3ddc84"/><circle cx="18" cy="6" r="2.6" fill="#4dabff"/>
<rect x="-5" y="-5" width="10" height="3" rx="1.5" fill="#8a90a8"/>
</g>`;
}

// Live casino ------------------------------------------------------------------------------------------------------

function roulette(cx: number, cy: number, r: number): string {
  const pockets: string[] = [];
  const count = 18;
  for (let index = 0; index < count; index++) {
    const a = (index * 2 * Math.PI) / count;
    const b = ((index + 1) * 2 * Math.PI) / count;
    const outer = r * 0.82;
    const inner = r * 0.5;
    const color = index === 0 ? '#14a44d' : index % 2 ? '#1f2329' : '#d62d20';
    pockets.push(
      `<path d="M${n(cx + Math.cos(a) * inner)} ${n(cy + Math.sin(a) * inner)}L${n(cx + Math.cos(a) * outer)} ${n(cy + Math.sin(a) * outer)}A${n(outer)} ${n(outer)} 0 0 1 ${n(cx + Math.cos(b) * outer)} ${n(cy + Math.sin(b) * outer)}L${n(cx + Math.cos(b) * inner)} ${n(cy + Math.sin(b) * inner)}A${n(inner)} ${n(inner)} 0 0 0 ${n(cx + Math.cos(a) * inner)} ${n(cy + Math.sin(a) * inner)}Z" fill="${color}"/>`,
    );
  }
  const spokes: string[] = [];
  for (let index = 0; index < 4; index++) {
    const a = (index * Math.PI) / 2 + Math.PI / 4;
    spokes.push(`M${n(cx)} ${n(cy)}L${n(cx + Math.cos(a) * r * 0.4)} ${n(cy + Math.sin(a) * r * 0.4)}`);
  }
  return `${groundShadow(cx, cy + r * 0.95, r * 0.9, r * 0.18)}
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="#6b2f10"/>
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.94)}" fill="url(#gold)"/>
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.86)}" fill="#3a1a0a"/>
${pockets.join('')}
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.5)}" fill="#7a3b12"/>
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.42)}" fill="#9c5320"/>
<path d="${spokes.join('')}" stroke="url(#gold)" stroke-width="${n(r * 0.07)}" stroke-linecap="round"/>
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.12)}" fill="url(#gold)"/>
<circle cx="${n(cx + r * 0.55)}" cy="${n(cy - r * 0.5)}" r="${n(r * 0.09)}" fill="#fff"/>
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#sphere)" opacity=".35"/>`;
}

function bullHead(cx: number, cy: number, scale: number, face = '#7a3b12', horn = '#fff4c2'): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
<path d="M-14 -12Q-30 -14 -34 -30Q-22 -22 -12 -22Z" fill="${horn}" stroke="#9c5800" stroke-width="1"/>
<path d="M14 -12Q30 -14 34 -30Q22 -22 12 -22Z" fill="${horn}" stroke="#9c5800" stroke-width="1"/>
<path d="M-22 -14Q-30 -10 -28 -4Q-24 -4 -18 -8Z" fill="${face}"/>
<path d="M22 -14Q30 -10 28 -4Q24 -4 18 -8Z" fill="${face}"/>
<path d="M-18 -20Q0 -28 18 -20Q20 0 14 12Q10 22 0 22Q-10 22 -14 12Q-20 0 -18 -20Z" fill="${face}"/>
<path d="M-18 -20Q0 -28 18 -20Q20 0 14 12Q10 22 0 22Q-10 22 -14 12Q-20 0 -18 -20Z" fill="url(#shade)"/>
<path d="M-6 -22L0 -12L6 -22Z" fill="#fff" opacity=".85"/>
<ellipse cx="0" cy="14" rx="11" ry="8" fill="#f2b8a0"/>
<ellipse cx="-4" cy="14" rx="2" ry="3" fill="#5a2a10"/><ellipse cx="4" cy="14" rx="2" ry="3" fill="#5a2a10"/>
<path d="M-7 20Q0 30 7 20" fill="none" stroke="url(#gold)" stroke-width="2.6" stroke-linecap="round"/>
<circle cx="-8" cy="-6" r="3" fill="#fff"/><circle cx="8" cy="-6" r="3" fill="#fff"/>
<circle cx="-7.4" cy="-5.6" r="1.7" fill="#1f2329"/><circle cx="7.4" cy="-5.6" r="1.7" fill="#1f2329"/>
</g>`;
}

function crown(cx: number, cy: number, scale: number): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
<path d="M-16 8L-19 -8L-8 0L0 -12L8 0L19 -8L16 8Z" fill="url(#gold)" stroke="#9c5800" stroke-width="1" stroke-linejoin="round"/>
<rect x="-16" y="7" width="32" height="5" rx="1.5" fill="url(#gold)" stroke="#9c5800" stroke-width="1"/>
<circle cx="0" cy="-12" r="2.2" fill="#ff4d6d"/><circle cx="-19" cy="-8" r="2" fill="#4dabff"/><circle cx="19" cy="-8" r="2" fill="#4dabff"/>
<circle cx="0" cy="2" r="2.2" fill="#d62d20"/>
</g>`;
}

function lightning(cx: number, cy: number, scale: number): string {
  return `<path transform="translate(${n(cx)} ${n(cy)}) scale(${scale})" d="M4 -22L-12 4H-1L-6 22L12 -4H1Z" fill="#ffe14d" stroke="#b86e00" stroke-width="1.5" stroke-linejoin="round"/>`;
}

function flame(cx: number, cy: number, scale: number): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
<path d="M0 24Q-20 22 -20 4Q-20 -10 -8 -22Q-8 -10 -2 -8Q-4 -20 6 -30Q8 -16 16 -8Q22 0 20 8Q18 22 0 24Z" fill="#ff5a1f"/>
<path d="M0 24Q-12 22 -12 10Q-12 0 -4 -8Q-3 0 2 2Q2 -8 8 -14Q10 -4 13 2Q16 8 12 16Q8 24 0 24Z" fill="#ffb020"/>
<path d="M0 24Q-6 22 -6 14Q-6 8 0 4Q2 10 5 12Q7 18 4 22Z" fill="#fff3b0"/>
</g>`;
}

// Slots ------------------------------------------------------------------------------------------------------------

function cherries(cx: number, cy: number, scale: number): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
<path d="M-8 6Q-4 -14 8 -22M8 6Q6 -10 8 -22" fill="none" stroke="#2f8f3a" stroke-width="2.4" stroke-linecap="round"/>
<path d="M8 -22Q18 -26 22 -16Q14 -14 8 -22Z" fill="#3ddc84"/>
${ball(-9, 10, 9, '#e0281a')}${ball(9, 12, 9, '#c81d12')}
</g>`;
}

function slotReel(cx: number, cy: number, width: number): string {
  const h = width * 0.62;
  return `<g transform="translate(${n(cx)} ${n(cy)})">
<rect x="${n(-width / 2 - 4)}" y="${n(-h / 2 - 4)}" width="${n(width + 8)}" height="${n(h + 8)}" rx="8" fill="url(#gold)" stroke="#9c5800" stroke-width="1"/>
<rect x="${n(-width / 2)}" y="${n(-h / 2)}" width="${n(width)}" height="${n(h)}" rx="5" fill="#fff"/>
<path d="M${n(-width / 6)} ${n(-h / 2)}V${n(h / 2)}M${n(width / 6)} ${n(-h / 2)}V${n(h / 2)}" stroke="#d9dde3" stroke-width="1.2"/>
<rect x="${n(-width / 2)}" y="${n(-h / 2)}" width="${n(width)}" height="${n(h)}" rx="5" fill="url(#shade)" opacity=".6"/>
${[-1, 0, 1]
  .map(
    (slot) =>
      `<text x="${n((slot * width) / 3)}" y="${n(h * 0.22)}" text-anchor="middle" font-family="${FONT_LATIN}" font-weight="700" font-size="${n(h * 0.62)}" fill="#e0281a" stroke="#8a0f08" stroke-width="1">7</text>`,
  )
  .join('')}
</g>`;
}

function luckyCat(cx: number, cy: number, scale: number): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
${groundShadow(0, 30, 26, 5)}
<path d="M18 -2Q28 -6 26 -22Q24 -30 18 -26Q16 -16 12 -8Z" fill="#fff" stroke="#e5dada" stroke-width="1"/>
<path d="M19 -24Q22 -28 25 -24" fill="none" stroke="#ff8fa3" stroke-width="2" stroke-linecap="round"/>
<path d="M-20 30Q-24 6 -14 -2H14Q24 6 20 30Z" fill="#fff"/>
<path d="M-20 30Q-24 6 -14 -2H14Q24 6 20 30Z" fill="url(#shade)" opacity=".6"/>
<ellipse cx="0" cy="18" rx="11" ry="9" fill="#ffe3ea"/>
${coin(0, 18, 8)}
<path d="M-22 -14L-20 -34L-8 -24Z" fill="#fff"/><path d="M22 -14L20 -34L8 -24Z" fill="#fff"/>
<path d="M-19 -18L-18 -29L-11 -23Z" fill="#ff8fa3"/><path d="M19 -18L18 -29L11 -23Z" fill="#ff8fa3"/>
<ellipse cx="0" cy="-12" rx="23" ry="17" fill="#fff"/>
<ellipse cx="0" cy="-12" rx="23" ry="17" fill="url(#shade)" opacity=".45"/>
<path d="M-12 -14Q-8 -18 -4 -14M4 -14Q8 -18 12 -14" fill="none" stroke="#1f2329" stroke-width="2" stroke-linecap="round"/>
<path d="M-3 -7Q0 -4 3 -7" fill="none" stroke="#1f2329" stroke-width="1.4" stroke-linecap="round"/>
<circle cx="0" cy="-9" r="1.6" fill="#ff8fa3"/>
<ellipse cx="-15" cy="-8" rx="3.5" ry="2" fill="#ffb3c1"/><ellipse cx="15" cy="-8" rx="3.5" ry="2" fill="#ffb3c1"/>
<path d="M-16 2Q0 8 16 2" fill="none" stroke="#e0281a" stroke-width="4" stroke-linecap="round"/>
<circle cx="0" cy="6" r="3.4" fill="url(#gold)" stroke="#9c5800" stroke-width=".8"/>
</g>`;
}

function mahjongTile(cx: number, cy: number, angle: number, glyph: string, color: string, scale = 1): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${angle}) scale(${scale})">
<rect x="-15" y="-18" width="30" height="42" rx="5" fill="#000" opacity=".25"/>
<rect x="-15" y="-20" width="30" height="42" rx="5" fill="#1f9d6b"/>
<rect x="-15" y="-22" width="30" height="40" rx="5" fill="url(#face)" stroke="#c9ced6" stroke-width=".8"/>
<text x="0" y="7" text-anchor="middle" font-family="${FONT_SANS}" font-weight="700" font-size="24" fill="${color}">${glyph}</text>
</g>`;
}

function dotTile(cx: number, cy: number, angle: number, dots: Array<[number, number]>, scale = 1): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${angle}) scale(${scale})">
<rect x="-15" y="-18" width="30" height="42" rx="5" fill="#000" opacity=".25"/>
<rect x="-15" y="-20" width="30" height="42" rx="5" fill="#1f9d6b"/>
<rect x="-15" y="-22" width="30" height="40" rx="5" fill="url(#face)" stroke="#c9ced6" stroke-width=".8"/>
${dots
  .map(
    ([x, y], index) =>
      `<circle cx="${x}" cy="${y}" r="4" fill="${index % 2 ? '#1f6fd1' : '#1f9d6b'}"/><circle cx="${x}" cy="${y}" r="1.6" fill="#fff"/>`,
  )
  .join('')}
</g>`;
}

function pirateHat(cx: number, cy: number, scale: number): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
<path d="M-34 6Q-20 -2 0 -2Q20 -2 34 6Q26 14 0 14Q-26 14 -34 6Z" fill="#14161f"/>
<path d="M-24 2Q-24 -24 0 -26Q24 -24 24 2Q12 -4 0 -4Q-12 -4 -24 2Z" fill="#1f2233"/>
<path d="M-24 2Q-12 -4 0 -4Q12 -4 24 2" fill="none" stroke="url(#gold)" stroke-width="2.4"/>
<circle cx="0" cy="-13" r="6.5" fill="#fff"/>
<rect x="-3.5" y="-9" width="7" height="4" rx="1" fill="#fff"/>
<circle cx="-2.3" cy="-13.5" r="1.7" fill="#1f2233"/><circle cx="2.3" cy="-13.5" r="1.7" fill="#1f2233"/>
<path d="M-9 -2L9 -9M-9 -9L9 -2" stroke="#fff" stroke-width="2" stroke-linecap="round"/>
</g>`;
}

function shipWheel(cx: number, cy: number, r: number): string {
  const handles: string[] = [];
  for (let index = 0; index < 8; index++) {
    const a = (index * Math.PI) / 4;
    handles.push(
      `M${n(cx + Math.cos(a) * r * 0.2)} ${n(cy + Math.sin(a) * r * 0.2)}L${n(cx + Math.cos(a) * r * 1.18)} ${n(cy + Math.sin(a) * r * 1.18)}`,
    );
  }
  return `<path d="${handles.join('')}" stroke="#8a4b1c" stroke-width="${n(r * 0.14)}" stroke-linecap="round"/>
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.8)}" fill="none" stroke="#a8622a" stroke-width="${n(r * 0.16)}"/>
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.2)}" fill="url(#gold)"/>`;
}

function pyramid(cx: number, cy: number, scale: number): string {
  const steps = [0, 1, 2, 3, 4]
    .map((step) => {
      const w = 60 - step * 11;
      const y = 14 - step * 8;
      return `<rect x="${n(-w / 2)}" y="${y}" width="${w}" height="8" fill="url(#gold)" stroke="#9c5800" stroke-width=".8"/>`;
    })
    .join('');
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
${groundShadow(0, 23, 36, 4)}
${steps}
<rect x="-5" y="14" width="10" height="8" fill="#6b3a08"/>
<path d="M-5 14V-18H5V14" fill="#000" opacity=".12"/>
<rect x="-8" y="-26" width="16" height="8" fill="url(#gold)" stroke="#9c5800" stroke-width=".8"/>
<path d="M-10 -26L0 -33L10 -26Z" fill="url(#gold)" stroke="#9c5800" stroke-width=".8"/>
</g>`;
}

function gem(cx: number, cy: number, scale: number, light: string, dark: string): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
<path d="M-14 -6L-8 -14H8L14 -6L0 14Z" fill="${dark}"/>
<path d="M-14 -6L-8 -14H8L14 -6Z" fill="${light}"/>
<path d="M-8 -14L-4 -6L0 -14L4 -6L8 -14M-14 -6H14M-4 -6L0 14L4 -6" fill="none" stroke="#fff" stroke-width=".8" opacity=".6"/>
<path d="M-14 -6L-4 -6L0 14Z" fill="#fff" opacity=".18"/>
<path d="M-6 -12L-4 -8" stroke="#fff" stroke-width="1.6" stroke-linecap="round"/>
</g>`;
}

function candy(cx: number, cy: number, angle: number, color: string, scale = 1): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${angle}) scale(${scale})">
<path d="M-12 0L-24 -9L-22 0L-24 9Z" fill="${color}" opacity=".85"/><path d="M12 0L24 -9L22 0L24 9Z" fill="${color}" opacity=".85"/>
<ellipse rx="13" ry="10" fill="${color}"/>
<path d="M-8 -8Q-2 0 -8 8M0 -10Q6 0 0 10M8 -8Q14 0 8 8" fill="none" stroke="#fff" stroke-width="2.4" opacity=".8"/>
<ellipse rx="13" ry="10" fill="url(#sphere)"/>
</g>`;
}

function lollipop(cx: number, cy: number, scale: number): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
<rect x="-1.6" y="8" width="3.2" height="34" rx="1.6" fill="#f5f5f5"/>
<circle r="18" fill="#ff5c9a"/>
<path d="M0 0m-3 0a3 3 0 1 1 6 0a6 6 0 1 1 -12 0a9 9 0 1 1 18 0a12 12 0 1 1 -24 0a15 15 0 1 1 30 0" fill="none" stroke="#fff" stroke-width="3" opacity=".85"/>
<circle r="18" fill="url(#sphere)"/>
</g>`;
}

function dragonPearl(cx: number, cy: number, r: number): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 1.5)}" fill="url(#glow)"/>
${flame(cx, cy - r * 0.1, (r / 24) * 1.4)}
<circle cx="${n(cx)}" cy="${n(cy + r * 0.25)}" r="${n(r)}" fill="#ff9a1f"/>
<circle cx="${n(cx)}" cy="${n(cy + r * 0.25)}" r="${n(r)}" fill="url(#shade)"/>
<path d="M${n(cx - r * 0.5)} ${n(cy + r * 0.2)}Q${n(cx)} ${n(cy - r * 0.4)} ${n(cx + r * 0.5)} ${n(cy + r * 0.2)}Q${n(cx)} ${n(cy + r * 0.9)} ${n(cx - r * 0.5)} ${n(cy + r * 0.2)}" fill="#fff3b0" opacity=".5"/>
<circle cx="${n(cx)}" cy="${n(cy + r * 0.25)}" r="${n(r)}" fill="url(#sphere)"/>`;
}

// Card games -------------------------------------------------------------------------------------------------------

function jokerCard(cx: number, cy: number, angle: number, scale = 1): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${angle}) scale(${scale})">
<rect x="-14.2" y="-19.4" width="30" height="42" rx="4" fill="#000" opacity=".22"/>
<rect x="-15" y="-21" width="30" height="42" rx="4" fill="url(#face)" stroke="#c9ced6" stroke-width=".8"/>
<text x="-11" y="-11" font-family="${FONT_LATIN}" font-weight="700" font-size="6" fill="#e0281a" writing-mode="tb">JOKER</text>
${crown(2, 4, 0.62)}
</g>`;
}

function chipStack(cx: number, cy: number, count: number, color: string, r = 11): string {
  const layers: string[] = [];
  for (let index = 0; index < count; index++) {
    const y = cy - index * r * 0.32;
    layers.push(
      `<ellipse cx="${n(cx)}" cy="${n(y + r * 0.16)}" rx="${n(r)}" ry="${n(r * 0.42)}" fill="#000" opacity=".25"/><ellipse cx="${n(cx)}" cy="${n(y)}" rx="${n(r)}" ry="${n(r * 0.42)}" fill="${color}" stroke="#fff" stroke-width="${n(r * 0.12)}" stroke-dasharray="${n(r * 0.35)} ${n(r * 0.35)}"/>`,
    );
  }
  return layers.join('');
}

// Fishing ----------------------------------------------------------------------------------------------------------

function crosshair(cx: number, cy: number, r: number): string {
  return `<g stroke="#ff4d4f" stroke-width="2.4" fill="none" opacity=".9">
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.45)}"/>
<path d="M${n(cx - r * 1.3)} ${n(cy)}H${n(cx - r * 0.6)}M${n(cx + r * 0.6)} ${n(cy)}H${n(cx + r * 1.3)}M${n(cx)} ${n(cy - r * 1.3)}V${n(cy - r * 0.6)}M${n(cx)} ${n(cy + r * 0.6)}V${n(cy + r * 1.3)}"/>
</g>`;
}

const bubbles = (points: Array<[number, number, number]>) =>
  points
    .map(
      ([x, y, r]) =>
        `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity=".12" stroke="#fff" stroke-opacity=".7" stroke-width=".8"/><circle cx="${n(x - r * 0.35)}" cy="${n(y - r * 0.35)}" r="${n(r * 0.25)}" fill="#fff" opacity=".8"/>`,
    )
    .join('');

function toad(cx: number, cy: number, scale: number): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
${groundShadow(0, 24, 30, 5)}
<path d="M-30 22Q-34 8 -22 0Q-12 -6 0 -6Q12 -6 22 0Q34 8 30 22Z" fill="url(#gold)" stroke="#9c5800" stroke-width="1"/>
<path d="M-30 22Q-22 14 -14 22M30 22Q22 14 14 22" fill="none" stroke="#9c5800" stroke-width="1.6"/>
<ellipse cx="0" cy="-2" rx="24" ry="16" fill="url(#gold)" stroke="#9c5800" stroke-width="1"/>
<circle cx="-13" cy="-16" r="8" fill="url(#gold)" stroke="#9c5800" stroke-width="1"/>
<circle cx="13" cy="-16" r="8" fill="url(#gold)" stroke="#9c5800" stroke-width="1"/>
<circle cx="-13" cy="-16" r="4.5" fill="#fff"/><circle cx="13" cy="-16" r="4.5" fill="#fff"/>
<circle cx="-12" cy="-16" r="2.6" fill="#1f2329"/><circle cx="12" cy="-16" r="2.6" fill="#1f2329"/>
<circle cx="-6" cy="4" r="2" fill="#b86e00"/><circle cx="8" cy="0" r="1.6" fill="#b86e00"/><circle cx="14" cy="7" r="2" fill="#b86e00"/><circle cx="-15" cy="3" r="1.6" fill="#b86e00"/>
<path d="M-12 -4Q0 4 12 -4" fill="none" stroke="#9c5800" stroke-width="1.6" stroke-linecap="round"/>
${coin(0, 2, 7)}
</g>`;
}

function anglerFish(cx: number, cy: number, scale: number): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
<circle cx="22" cy="-28" r="9" fill="url(#glow)"/>
<path d="M-4 -14Q6 -34 22 -28" fill="none" stroke="#6b7bd6" stroke-width="1.6"/>
<circle cx="22" cy="-28" r="4" fill="#fff7b0"/>
<path d="M-26 0L-36 -12Q-32 0 -36 12Z" fill="#4c5bd4"/>
<path d="M-28 0Q-24 -20 0 -20Q22 -20 26 0Q22 18 0 20Q-24 20 -28 0Z" fill="#3a47b8"/>
<path d="M-28 0Q-24 -20 0 -20Q22 -20 26 0Q22 18 0 20Q-24 20 -28 0Z" fill="url(#shade)"/>
<path d="M4 6Q16 2 26 4Q20 14 6 12Z" fill="#1a1f4d"/>
<path d="M8 6L10 10L12 5L14 10L16 5L18 9L20 5" fill="none" stroke="#fff" stroke-width="1.2" stroke-linejoin="round"/>
<circle cx="8" cy="-7" r="5" fill="#fff"/><circle cx="9" cy="-7" r="3" fill="#1f2329"/><circle cx="10" cy="-8" r="1" fill="#fff"/>
</g>`;
}

// Lottery ----------------------------------------------------------------------------------------------------------

function clockFace(cx: number, cy: number, r: number, color = '#ffffff'): string {
  const ticks: string[] = [];
  for (let index = 0; index < 12; index++) {
    const a = (index * Math.PI) / 6;
    ticks.push(
      `M${n(cx + Math.cos(a) * r * 0.72)} ${n(cy + Math.sin(a) * r * 0.72)}L${n(cx + Math.cos(a) * r * 0.84)} ${n(cy + Math.sin(a) * r * 0.84)}`,
    );
  }
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#gold)" stroke="#9c5800" stroke-width="1"/>
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.9)}" fill="${color}"/>
<path d="${ticks.join('')}" stroke="#1f2329" stroke-width="${n(r * 0.06)}" stroke-linecap="round"/>
<path d="M${n(cx)} ${n(cy)}V${n(cy - r * 0.6)}M${n(cx)} ${n(cy)}L${n(cx + r * 0.42)} ${n(cy + r * 0.2)}" stroke="#e0281a" stroke-width="${n(r * 0.09)}" stroke-linecap="round"/>
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.08)}" fill="#1f2329"/>
<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#sphere)" opacity=".4"/>`;
}

function stopwatch(cx: number, cy: number, r: number): string {
  return `<rect x="${n(cx - r * 0.18)}" y="${n(cy - r * 1.32)}" width="${n(r * 0.36)}" height="${n(r * 0.3)}" rx="2" fill="url(#gold)" stroke="#9c5800" stroke-width="1"/>
<rect x="${n(cx + r * 0.62)}" y="${n(cy - r * 1.02)}" width="${n(r * 0.3)}" height="${n(r * 0.22)}" rx="2" fill="url(#gold)" stroke="#9c5800" stroke-width="1" transform="rotate(40 ${n(cx + r * 0.77)} ${n(cy - r * 0.91)})"/>
${clockFace(cx, cy, r)}`;
}

function raceCar(cx: number, cy: number, scale: number): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
${groundShadow(0, 12, 34, 4)}
<path d="M-44 -4H-52M-46 2H-58M-42 8H-50" stroke="#fff" stroke-width="2" stroke-linecap="round" opacity=".7"/>
<path d="M-36 8Q-38 -2 -30 -4L-14 -6L-4 -14H10L18 -6L32 -4Q38 -2 36 8Z" fill="#e0281a"/>
<path d="M-36 8Q-38 -2 -30 -4L-14 -6L-4 -14H10L18 -6L32 -4Q38 -2 36 8Z" fill="url(#shade)" opacity=".6"/>
<path d="M-2 -12H9L15 -6H-8Z" fill="#9fd3ff"/>
<path d="M-30 -4L-26 -14H-20L-22 -5Z" fill="#1f2329"/>
<path d="M-32 1H30" stroke="#fff" stroke-width="2.4"/>
<text x="-14" y="4" font-family="${FONT_LATIN}" font-weight="700" font-size="9" fill="#fff" stroke="#a3120a" stroke-width=".6">10</text>
<circle cx="-22" cy="9" r="7" fill="#1f2329"/><circle cx="-22" cy="9" r="3" fill="#c9ced6"/>
<circle cx="22" cy="9" r="7" fill="#1f2329"/><circle cx="22" cy="9" r="3" fill="#c9ced6"/>
</g>`;
}

function checkeredFlag(cx: number, cy: number, scale: number): string {
  const squares: string[] = [];
  for (let row = 0; row < 4; row++)
    for (let column = 0; column < 5; column++)
      if ((row + column) % 2 === 0) squares.push(`M${column * 6} ${row * 6}h6v6h-6Z`);
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale}) rotate(-12)">
<rect x="-2" y="-2" width="2.4" height="44" rx="1" fill="#c9ced6"/>
<path d="M0 0Q15 -4 30 0V24Q15 20 0 24Z" fill="#fff"/>
<path d="${squares.join('')}" fill="#1f2329" transform="scale(1 1)"/>
</g>`;
}

function clover(cx: number, cy: number, scale: number): string {
  const leaf = 'M0 0C-10 -4 -14 -16 -6 -19C-2 -20 0 -16 0 -14C0 -16 2 -20 6 -19C14 -16 10 -4 0 0Z';
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
<path d="M0 0Q4 14 10 20" fill="none" stroke="#1f8f3a" stroke-width="3" stroke-linecap="round"/>
${[0, 90, 180, 270].map((turn) => `<path d="${leaf}" fill="#3ddc84" stroke="#1f8f3a" stroke-width="1" transform="rotate(${turn})"/>`).join('')}
<circle r="3" fill="#1f8f3a"/>
</g>`;
}

// The catalogue ----------------------------------------------------------------------------------------------------

const RED: Palette = { light: '#ff7a45', dark: '#8c1106' };
const CRIMSON: Palette = { light: '#ff5470', dark: '#6d0a26' };
const GOLD: Palette = { light: '#ffd666', dark: '#b3540a' };
const GREEN: Palette = { light: '#5be39a', dark: '#0b5e35' };
const FELT: Palette = { light: '#2fbf7f', dark: '#063d2a' };
const NAVY: Palette = { light: '#4d7cff', dark: '#10205e' };
const SKY: Palette = { light: '#5cd0ff', dark: '#0b4d8c' };
const PURPLE: Palette = { light: '#b37bff', dark: '#3a0f7a' };
const MAGENTA: Palette = { light: '#ff6fd8', dark: '#6b0a5a' };
const PINK: Palette = { light: '#ff9ec4', dark: '#a3175c' };
const TEAL: Palette = { light: '#3fe0d0', dark: '#0a5560' };
const OCEAN: Palette = { light: '#36c6ff', dark: '#062e66' };
const DEEP: Palette = { light: '#2f5fd0', dark: '#050b2e' };
const ORANGE: Palette = { light: '#ffb347', dark: '#a3380a' };
const BROWN: Palette = { light: '#e0a060', dark: '#4a1f08' };
const ROYAL: Palette = { light: '#7a8cff', dark: '#1a1a6e' };

export const TILES: Record<string, () => string> = {
  'house-sport': () =>
    tile(
      GOLD,
      `${coin(44, 56, 26)}${football(76, 48, 22, 'c1')}${sparkles([
        [22, 24, 5],
        [100, 82, 4],
        [96, 20, 3],
      ])}`,
    ),
  baccarat: () =>
    tile(
      CRIMSON,
      `${card(48, 46, -14, '9', 'heart', 1.05)}${card(72, 44, 12, '8', 'spade', 1.05)}${chip(38, 80, 12, '#1f6fd1')}${chip(60, 84, 12, '#e0281a')}${chip(82, 80, 12, '#14a44d')}${sparkles([[100, 22, 4]])}`,
    ),
  'dragon-tiger': () =>
    tile(
      { light: '#ff6a3d', dark: '#4a0a0a' },
      `<path d="M0 0H72L48 120H0Z" fill="#c81d12" opacity=".55"/><path d="M72 0H120V120H48Z" fill="#1f3fb0" opacity=".55"/>
<circle cx="36" cy="44" r="21" fill="url(#gold)" stroke="#9c5800" stroke-width="1.2"/>
<circle cx="84" cy="62" r="21" fill="url(#silver)" stroke="#5a6270" stroke-width="1.2"/>
<text x="36" y="53" text-anchor="middle" font-family="${FONT_SANS}" font-weight="700" font-size="25" fill="#a3120a">龙</text>
<text x="84" y="71" text-anchor="middle" font-family="${FONT_SANS}" font-weight="700" font-size="25" fill="#10205e">虎</text>
${display('VS', 60, 62, 16, { fill: '#ffe14d', outline: '#4a0a0a', anchor: 'middle', family: FONT_LATIN })}`,
    ),
  'fruit-machine': () =>
    tile(
      MAGENTA,
      `${slotReel(60, 62, 70)}${cherries(60, 26, 0.9)}${sparkles([
        [18, 22, 4],
        [104, 30, 5],
      ])}`,
    ),
  'dou-di-zhu': () =>
    tile(
      ORANGE,
      `${card(40, 54, -20, 'A', 'spade')}${card(80, 54, 20, '2', 'heart')}${jokerCard(60, 48, 0, 1.12)}${sparkles([[102, 22, 4]])}`,
    ),
  football: () =>
    tile(
      GREEN,
      `<path d="M0 88Q60 74 120 88V120H0Z" fill="#0b5e35" opacity=".6"/><path d="M0 96Q60 84 120 96" stroke="#fff" stroke-width="1.5" fill="none" opacity=".5"/>${groundShadow(60, 86, 30, 6)}${football(60, 50, 32, 'c1')}`,
    ),
  basketball: () =>
    tile(
      NAVY,
      `<path d="M84 20H112V40H84Z" fill="#fff" opacity=".9"/><path d="M90 30H106V40H90Z" fill="none" stroke="#e0281a" stroke-width="2"/><path d="M86 41H110L106 58H90Z" fill="none" stroke="#fff" stroke-width="1.2" stroke-dasharray="3 2"/><rect x="84" y="39" width="26" height="3" rx="1.5" fill="#ff7a1f"/>${groundShadow(52, 90, 26, 5)}${basketball(52, 56, 30)}`,
    ),
  tennis: () =>
    tile(
      SKY,
      `<g transform="rotate(-35 60 56)"><ellipse cx="60" cy="36" rx="20" ry="25" fill="none" stroke="#1f2329" stroke-width="4"/><path d="M48 24L72 48M44 34L68 58M52 16L76 40M42 44H78M44 28H76M46 52H74M60 11V61M52 13V59M68 13V59" stroke="#fff" stroke-width=".8" opacity=".8"/><rect x="57" y="60" width="6" height="32" rx="3" fill="#1f2329"/><rect x="56" y="76" width="8" height="16" rx="3" fill="#e0281a"/></g>${tennisBall(80, 70, 16)}`,
    ),
  esports: () =>
    tile(
      PURPLE,
      `<circle cx="60" cy="52" r="34" fill="none" stroke="#5ce1ff" stroke-width="2" opacity=".6"/><circle cx="60" cy="52" r="40" fill="none" stroke="#ff6fd8" stroke-width="1" opacity=".5" stroke-dasharray="6 4"/>${gamepad(60, 52, 1.25)}${sparkles(
        [
          [20, 20, 4],
          [100, 84, 4],
        ],
      )}`,
    ),
  volleyball: () =>
    tile(
      { light: '#ffd36b', dark: '#c2410c' },
      `<path d="M0 78H120" stroke="#fff" stroke-width="1.5" opacity=".6"/><path d="M0 70H120M0 74H120" stroke="#fff" stroke-width=".6" opacity=".5"/>${groundShadow(60, 90, 28, 5)}${volleyball(60, 50, 31, 'c1')}`,
    ),
  baseball: () =>
    tile(
      { light: '#5b8cff', dark: '#0f1c52' },
      `<path d="M60 100L18 72L60 44L102 72Z" fill="#c98a4b" opacity=".35"/><g transform="rotate(35 60 56)"><path d="M57 8Q63 6 64 14L66 78Q66 84 60 84Q54 84 54 78L56 14Q56 8 57 8Z" fill="url(#bat)"/><path d="M56 70H64" stroke="#1f2329" stroke-width="8"/></g>${groundShadow(72, 88, 18, 4)}${baseball(72, 66, 20)}${sparkles([[22, 22, 4]])}`,
      { extraDefs: linear('bat', ['#f0c48a', '#b36f2e'], [0, 0, 1, 0]) },
    ),
  'speed-baccarat': () =>
    tile(
      ROYAL,
      `${card(46, 52, -12, 'K', 'diamond', 1.05)}${card(72, 50, 14, '9', 'club', 1.05)}${lightning(88, 30, 1.1)}${sparkles(
        [
          [20, 24, 4],
          [104, 76, 4],
        ],
      )}`,
    ),
  roulette: () => tile(FELT, roulette(60, 52, 36)),
  'sic-bo': () =>
    tile(
      CRIMSON,
      `${groundShadow(60, 86, 40, 6)}${die(40, 62, 28, 4, -12)}${die(80, 62, 28, 6, 10)}${die(60, 36, 28, 1, 4)}`,
    ),
  'fan-tan': () =>
    tile(
      { light: '#59d4a0', dark: '#0b4a3a' },
      `<ellipse cx="60" cy="66" rx="44" ry="18" fill="#0a3a2c"/><ellipse cx="60" cy="64" rx="42" ry="16" fill="#1f7a58" stroke="url(#gold)" stroke-width="2"/>
${Array.from({ length: 14 }, (_, index) => `<ellipse cx="${n(36 + ((index * 37) % 48))}" cy="${n(58 + ((index * 13) % 12))}" rx="3.2" ry="2.2" fill="#fff" transform="rotate(${(index * 47) % 180} ${n(36 + ((index * 37) % 48))} ${n(58 + ((index * 13) % 12))})"/>`).join('')}
<path d="M40 44Q40 18 60 16Q80 18 80 44Z" fill="url(#gold)" stroke="#9c5800" stroke-width="1.2"/><ellipse cx="60" cy="44" rx="20" ry="4" fill="#b86e00"/><circle cx="60" cy="14" r="4" fill="url(#gold)" stroke="#9c5800" stroke-width="1"/>`,
    ),
  niuniu: () =>
    tile(
      RED,
      `${bullHead(60, 52, 1.15)}${sparkles([
        [18, 22, 4],
        [102, 80, 4],
      ])}`,
    ),
  blackjack: () =>
    tile(
      FELT,
      `${card(46, 48, -12, 'A', 'spade', 1.05)}${card(72, 48, 12, 'K', 'heart', 1.05)}${chip(88, 80, 14, '#1f2329', '21')}`,
    ),
  fortune: () =>
    tile(
      RED,
      `${coin(28, 34, 12, -20)}${coin(94, 30, 10, 18)}${ingot(60, 58, 1.5)}${coin(88, 78, 9, 10)}${sparkles([
        [22, 76, 4],
        [60, 16, 5],
      ])}`,
    ),
  'lucky-cat': () => tile(PINK, luckyCat(58, 56, 1.12)),
  mahjong: () =>
    tile(
      TEAL,
      `${mahjongTile(44, 54, -10, '發', '#1f8f3a', 1.1)}${mahjongTile(74, 52, 10, '中', '#e0281a', 1.1)}${sparkles([[102, 22, 4]])}`,
    ),
  'bounty-captain': () =>
    tile({ light: '#3ba3c9', dark: '#0a1f3d' }, `${shipWheel(60, 52, 30)}${pirateHat(60, 56, 1.1)}`),
  'golden-city': () =>
    tile(
      { light: '#ffcf73', dark: '#7a3a06' },
      `<circle cx="60" cy="40" r="26" fill="#fff3b0" opacity=".5"/>${pyramid(60, 58, 1.15)}${sparkles([
        [22, 26, 4],
        [100, 26, 5],
      ])}`,
    ),
  gems: () =>
    tile(
      PURPLE,
      `${gem(40, 60, 1.3, '#ff8fa3', '#c81d4a')}${gem(80, 60, 1.3, '#7fd3ff', '#1f6fd1')}${gem(60, 42, 1.6, '#8ff5b0', '#14a44d')}${sparkles(
        [
          [100, 22, 5],
          [22, 30, 3],
        ],
      )}`,
    ),
  candy: () =>
    tile(
      PINK,
      `${lollipop(78, 40, 1)}${candy(42, 62, -25, '#8a5cff', 1.15)}${candy(68, 82, 15, '#ffb020', 0.9)}${sparkles([[24, 24, 4]])}`,
    ),
  'grab-banker': () => tile(PURPLE, `${bullHead(60, 60, 1.05, '#3a1a0a', '#ffe9a8')}${crown(60, 22, 0.95)}`),
  'three-cards': () =>
    tile(
      { light: '#ff8a3d', dark: '#7a0a0a' },
      `${flame(60, 44, 1.6)}${card(38, 62, -18, 'A', 'heart')}${card(60, 58, 0, 'K', 'heart')}${card(82, 62, 18, 'Q', 'heart')}`,
    ),
  'texas-holdem': () =>
    tile(
      FELT,
      `${card(46, 46, -12, 'A', 'spade', 1.05)}${card(70, 46, 10, 'A', 'heart', 1.05)}${chipStack(30, 84, 4, '#e0281a', 11)}${chipStack(90, 84, 5, '#1f2329', 11)}`,
    ),
  'thirteen-cards': () =>
    tile(
      NAVY,
      `${[-36, -24, -12, 0, 12, 24].map((angle) => cardBack(60 + angle * 0.5, 62, angle, 0.95)).join('')}${card(78, 60, 36, 'A', 'diamond', 0.95)}`,
    ),
  'two-eight': () =>
    tile(
      BROWN,
      `${dotTile(44, 54, -8, [
        [-6, -10],
        [6, 6],
      ])}${dotTile(76, 54, 8, [
        [-6, -15],
        [6, -15],
        [-6, -7],
        [6, -7],
        [-6, 1],
        [6, 1],
        [-6, 9],
        [6, 9],
      ])}${sparkles([[102, 22, 4]])}`,
    ),
  'hundred-niuniu': () =>
    tile(NAVY, `${chipStack(24, 88, 4, '#e0281a', 10)}${chipStack(96, 88, 5, '#14a44d', 10)}${bullHead(60, 52, 1.05)}`),
  'fishing-master': () =>
    tile(
      OCEAN,
      `${bubbles([
        [20, 24, 4],
        [30, 14, 2.5],
        [100, 70, 3],
      ])}${fish(58, 54, 1.5, '#ffb020', '#ff5a1f')}${crosshair(66, 50, 14)}`,
    ),
  'golden-toad': () =>
    tile(
      TEAL,
      `${toad(60, 56, 1.05)}${bubbles([
        [20, 22, 3.5],
        [100, 26, 2.5],
      ])}`,
    ),
  'deep-sea': () =>
    tile(
      DEEP,
      `<path d="M0 90Q20 80 40 90T80 90T120 90V120H0Z" fill="#050b2e" opacity=".6"/>${anglerFish(56, 58, 1.15)}${fish(96, 86, 0.5, '#5ce1ff', '#1f6fd1', true)}${bubbles(
        [
          [22, 26, 3],
          [30, 40, 2],
          [98, 44, 2.5],
        ],
      )}`,
      { rays: false },
    ),
  'fast-three': () =>
    tile(SKY, `${die(34, 56, 26, 3, -10)}${die(60, 50, 26, 5, 0)}${die(86, 56, 26, 6, 10)}${lightning(96, 22, 0.7)}`),
  'time-lottery': () =>
    tile(
      ROYAL,
      `${clockFace(60, 44, 24)}${ball(30, 80, 11, '#e0281a', '3')}${ball(60, 86, 11, '#ffb020', '8')}${ball(90, 80, 11, '#14a44d', '6')}`,
    ),
  'racing-ten': () => tile({ light: '#8fa3ff', dark: '#1a1f5e' }, `${checkeredFlag(66, 14, 1.1)}${raceCar(58, 66, 1)}`),
  'mark-six': () =>
    tile(
      GREEN,
      `${ball(40, 70, 13, '#e0281a', '6')}${ball(66, 72, 13, '#1f6fd1', '18')}${ball(90, 64, 12, '#14a44d', '33')}${ball(52, 46, 13, '#1f6fd1', '24')}${ball(78, 42, 13, '#e0281a', '7')}${ball(64, 22, 11, '#14a44d', '49')}`,
    ),
  'lucky-28': () =>
    tile(
      ORANGE,
      `${ball(56, 52, 28, '#e0281a', '28')}${clover(92, 80, 0.9)}${sparkles([
        [22, 22, 5],
        [100, 24, 3],
      ])}`,
    ),
  'minute-lottery': () =>
    tile(TEAL, `${stopwatch(56, 54, 26)}${ball(92, 80, 11, '#ffb020', '1')}${sparkles([[100, 24, 4]])}`),
  'five-dragons': () =>
    tile(
      RED,
      `${dragonPearl(60, 48, 22)}${[0, 1, 2, 3, 4].map((index) => star(24 + index * 18, 88, 5, '#ffe14d')).join('')}`,
    ),
};

// Group icons: small, on a rounded coloured plate, drawn in a 24-unit box and shown at 20 CSS px. ----------------

export const GROUP_ICON_SIZE = 60;

function groupIcon(palette: Palette, glyph: string): string {
  const body = `<defs>${commonDefs()}${linear('plate', [palette.light, palette.dark])}</defs>
<rect width="24" height="24" rx="6" fill="url(#plate)"/>
<rect x=".5" y=".5" width="23" height="23" rx="5.5" fill="none" stroke="#fff" stroke-opacity=".35"/>
${glyph}`;
  return svgDocument(GROUP_ICON_SIZE, GROUP_ICON_SIZE, '0 0 24 24', body);
}

export const GROUP_ICONS: Record<string, () => string> = {
  'group-hot': () => groupIcon({ light: '#ff9a3d', dark: '#e0281a' }, flame(12, 12.5, 0.34)),
  'group-sport': () => groupIcon({ light: '#5be39a', dark: '#0b7a45' }, football(12, 12, 7.5, 'g1')),
  'group-live': () => groupIcon({ light: '#ff5470', dark: '#8c0a2a' }, chip(12, 11.5, 7.5, '#1f2329')),
  'group-slot': () =>
    groupIcon(
      { light: '#c08bff', dark: '#5a1ab8' },
      `<text x="12" y="18.5" text-anchor="middle" font-family="${FONT_LATIN}" font-weight="700" font-size="17" fill="url(#gold)" stroke="#6b3a08" stroke-width=".8">7</text>`,
    ),
  'group-card': () =>
    groupIcon(
      { light: '#4d7cff', dark: '#10205e' },
      `<rect x="6" y="4" width="12" height="16" rx="2" fill="#fff"/><path d="${suitPath('spade')}" transform="translate(12 12) scale(4)" fill="#1f2329"/>`,
    ),
  'group-fish': () => groupIcon({ light: '#36c6ff', dark: '#0b4d8c' }, fish(12, 12, 0.42, '#ffb020', '#ff5a1f')),
  'group-lottery': () => groupIcon({ light: '#ffb347', dark: '#c2410c' }, ball(12, 12, 7.5, '#e0281a', '8')),
};

import {
  ball,
  coin,
  commonDefs,
  display,
  escapeXml,
  FONT_SANS,
  groundShadow,
  ingot,
  linear,
  n,
  radial,
  rays,
  sparkle,
  star,
  svgDocument,
} from './svg-kit';

/**
 * Banners and promotion covers (750 x 300, the carousel's 5:2 frame) carry their headline, as operators' banners
 * do; news pictures (750 x 420) carry none, because the headline is printed beside or above them.
 */
export const BANNER_WIDTH = 750;
export const BANNER_HEIGHT = 300;
export const NEWS_WIDTH = 750;
export const NEWS_HEIGHT = 420;

type Scene = {
  colors: [top: string, bottom: string];
  glow: string;
  title: string;
  subtitle: string;
  cta: string;
  /** Where the picture's light comes from: the rays' centre. */
  focus: [number, number];
  art: string;
};

function bokeh(points: Array<[number, number, number]>, color = '#fff'): string {
  return points
    .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}" opacity="${n(0.05 + (r % 5) / 40)}"/>`)
    .join('');
}

function banner(scene: Scene): string {
  const [fx, fy] = scene.focus;
  const titleSize = Math.min(66, Math.floor(372 / [...scene.title].length));
  const ctaWidth = [...scene.cta].length * 24 + 64;
  const body = `<defs>${commonDefs()}
${linear('sky', scene.colors, [0, 0, 1, 1])}
${radial('focusGlow', [
  [scene.glow, 0.9],
  [scene.glow, 0],
])}
${linear('titleFill', ['#fffdf0', '#fff0b3', '#ffd24d'])}
${linear('cta', ['#fff1b8', '#ffc53d', '#f59f00'])}
${linear('fade', ['#000000', '#000000'], [0, 0, 1, 0])}
</defs>
<rect width="750" height="300" fill="url(#sky)"/>
${rays(fx, fy, 520, 36, 0.07)}
<circle cx="${fx}" cy="${fy}" r="230" fill="url(#focusGlow)" opacity=".55"/>
${bokeh([
  [40, 40, 18],
  [300, 30, 8],
  [380, 260, 22],
  [700, 40, 11],
  [250, 270, 6],
  [120, 280, 12],
])}
${scene.art}
${display(scene.title, 44, 128, titleSize, { fill: 'url(#titleFill)', outline: '#5c0d06', spacing: 2 })}
<rect x="44" y="154" width="${[...scene.subtitle].length * 25 + 36}" height="40" rx="20" fill="#000" opacity=".22"/>
<text x="62" y="183" font-family="${FONT_SANS}" font-weight="700" font-size="25" fill="#fff">${escapeXml(scene.subtitle)}</text>
<rect x="44" y="214" width="${ctaWidth}" height="46" rx="23" fill="#5c0d06" opacity=".35" transform="translate(0 4)"/>
<rect x="44" y="214" width="${ctaWidth}" height="46" rx="23" fill="url(#cta)"/>
<rect x="50" y="217" width="${ctaWidth - 12}" height="16" rx="8" fill="#fff" opacity=".35"/>
<text x="${44 + ctaWidth / 2}" y="245" text-anchor="middle" font-family="${FONT_SANS}" font-weight="700" font-size="24" fill="#7a1a00">${escapeXml(scene.cta)}</text>`;
  return svgDocument(BANNER_WIDTH, BANNER_HEIGHT, '0 0 750 300', body);
}

// Pictures ---------------------------------------------------------------------------------------------------------

function giftBox(cx: number, cy: number, scale: number, box = '#e0281a', ribbon = 'url(#gold)'): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
${groundShadow(0, 62, 90, 14)}
<rect x="-70" y="-10" width="140" height="72" rx="6" fill="${box}"/>
<rect x="-70" y="-10" width="140" height="72" rx="6" fill="url(#shade)"/>
<rect x="-12" y="-10" width="24" height="72" fill="${ribbon}"/>
<g transform="rotate(-6 -70 -10) translate(0 4)">
<rect x="-80" y="-36" width="160" height="28" rx="6" fill="${box}"/>
<rect x="-80" y="-36" width="160" height="28" rx="6" fill="url(#sphere)" opacity=".35"/>
<rect x="-13" y="-36" width="26" height="28" fill="${ribbon}"/>
<path d="M0 -36Q-40 -80 -52 -54Q-56 -38 0 -36Z" fill="${ribbon}" stroke="#9c5800" stroke-width="1.5"/>
<path d="M0 -36Q40 -80 52 -54Q56 -38 0 -36Z" fill="${ribbon}" stroke="#9c5800" stroke-width="1.5"/>
<circle cx="0" cy="-38" r="9" fill="${ribbon}" stroke="#9c5800" stroke-width="1.5"/>
</g>
</g>`;
}

function trophy(cx: number, cy: number, scale: number): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
${groundShadow(0, 92, 70, 12)}
<path d="M-46 -56Q-84 -56 -78 -22Q-72 8 -34 12" fill="none" stroke="url(#gold)" stroke-width="10"/>
<path d="M46 -56Q84 -56 78 -22Q72 8 34 12" fill="none" stroke="url(#gold)" stroke-width="10"/>
<path d="M-52 -70H52Q52 10 10 28V52H-10V28Q-52 10 -52 -70Z" fill="url(#gold)" stroke="#9c5800" stroke-width="2"/>
<path d="M-36 -62Q-34 -10 -8 14" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".5"/>
<rect x="-30" y="52" width="60" height="14" rx="3" fill="url(#gold)" stroke="#9c5800" stroke-width="2"/>
<rect x="-44" y="66" width="88" height="24" rx="4" fill="#5c2c06"/>
<rect x="-24" y="71" width="48" height="12" rx="2" fill="url(#gold)"/>
${star(0, -30, 18, '#fff4c2')}
</g>`;
}

function shield(cx: number, cy: number, scale: number): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
${groundShadow(0, 104, 70, 10)}
<path d="M0 -92L72 -66V-6Q72 60 0 96Q-72 60 -72 -6V-66Z" fill="#fff" opacity=".95"/>
<path d="M0 -78L60 -56V-6Q60 50 0 82Q-60 50 -60 -6V-56Z" fill="#14a38b"/>
<path d="M0 -78L60 -56V-6Q60 50 0 82Z" fill="#0f7f6c"/>
<path d="M0 36C-6 30 -36 12 -36 -10C-36 -26 -24 -34 -14 -34C-6 -34 -2 -30 0 -24C2 -30 6 -34 14 -34C24 -34 36 -26 36 -10C36 12 6 30 0 36Z" fill="#ff6b81"/>
<path d="M-20 -20Q-16 -26 -10 -26" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity=".8"/>
</g>`;
}

function ageBadge(cx: number, cy: number): string {
  return `<circle cx="${cx}" cy="${cy}" r="34" fill="#fff"/><circle cx="${cx}" cy="${cy}" r="30" fill="none" stroke="#e0281a" stroke-width="6"/>
<text x="${cx}" y="${cy + 10}" text-anchor="middle" font-family="'DejaVu Sans', sans-serif" font-weight="700" font-size="26" fill="#1f2329">18+</text>`;
}

function leaf(cx: number, cy: number, angle: number, scale: number, color = '#7be0b0'): string {
  return `<path transform="translate(${cx} ${cy}) rotate(${angle}) scale(${scale})" d="M0 0Q20 -30 0 -60Q-20 -30 0 0ZM0 -4V-54" fill="${color}" stroke="#0f7f6c" stroke-width="2"/>`;
}

function floodlights(): string {
  return `<path d="M520 -10L380 300H560Z" fill="#fff" opacity=".07"/><path d="M700 -10L560 300H760Z" fill="#fff" opacity=".07"/>
<g fill="#fff"><rect x="500" y="8" width="44" height="16" rx="3" opacity=".9"/><rect x="680" y="8" width="44" height="16" rx="3" opacity=".9"/></g>
<g fill="#fffbe6">${[0, 1, 2, 3].map((index) => `<circle cx="${506 + index * 11}" cy="16" r="3.5"/><circle cx="${686 + index * 11}" cy="16" r="3.5"/>`).join('')}</g>`;
}

function pitch(): string {
  return `<path d="M330 300L420 200H750V300Z" fill="#17a34a"/><path d="M330 300L420 200H750V300Z" fill="url(#fade)" opacity=".1"/>
<path d="M380 300L450 220H750M440 300L498 240H750" fill="none" stroke="#1fbf5a" stroke-width="22" opacity=".6"/>
<path d="M420 200H750M560 200L500 300M470 250Q520 236 590 250" fill="none" stroke="#fff" stroke-width="3" opacity=".8"/>`;
}

function footballBig(cx: number, cy: number, r: number): string {
  const corners = (px: number, py: number, size: number, turn: number) => {
    const points: string[] = [];
    for (let index = 0; index < 5; index++) {
      const angle = turn + (index * 2 * Math.PI) / 5;
      points.push(`${n(px + Math.cos(angle) * size)} ${n(py + Math.sin(angle) * size)}`);
    }
    return `M${points.join('L')}Z`;
  };
  const patches = [corners(cx, cy, r * 0.3, -Math.PI / 2)];
  for (let index = 0; index < 5; index++) {
    const angle = -Math.PI / 2 + (index * 2 * Math.PI) / 5;
    patches.push(corners(cx + Math.cos(angle) * r * 0.92, cy + Math.sin(angle) * r * 0.92, r * 0.3, angle + Math.PI));
  }
  return `<clipPath id="ballClip"><circle cx="${cx}" cy="${cy}" r="${r}"/></clipPath>
<path d="M${cx - r * 1.2} ${cy - r * 0.5}H${cx - r * 1.8}M${cx - r * 1.15} ${cy}H${cx - r * 2}M${cx - r * 1.2} ${cy + r * 0.5}H${cx - r * 1.7}" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".5"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff"/>
<path d="${patches.join('')}" fill="#1f2329" clip-path="url(#ballClip)"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#shade)"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#sphere)"/>`;
}

function coinStack(cx: number, baseY: number, count: number, r: number): string {
  const layers: string[] = [];
  for (let index = 0; index < count; index++) {
    const y = baseY - index * r * 0.28;
    layers.push(
      `<ellipse cx="${cx}" cy="${n(y + r * 0.1)}" rx="${r}" ry="${n(r * 0.36)}" fill="url(#goldSide)"/><ellipse cx="${cx}" cy="${n(y)}" rx="${r}" ry="${n(r * 0.36)}" fill="url(#gold)" stroke="#9c5800" stroke-width="1"/>`,
    );
  }
  return layers.join('');
}

function circularArrows(cx: number, cy: number, r: number): string {
  return `<g fill="none" stroke="#fff" stroke-width="${n(r * 0.16)}" stroke-linecap="round" opacity=".9">
<path d="M${n(cx - r)} ${n(cy)}A${r} ${r} 0 0 1 ${n(cx + r * 0.7)} ${n(cy - r * 0.7)}"/>
<path d="M${n(cx + r)} ${n(cy)}A${r} ${r} 0 0 1 ${n(cx - r * 0.7)} ${n(cy + r * 0.7)}"/>
</g>
<path d="M${n(cx + r * 0.45)} ${n(cy - r * 0.98)}L${n(cx + r * 0.95)} ${n(cy - r * 0.72)}L${n(cx + r * 0.55)} ${n(cy - r * 0.3)}Z" fill="#fff" opacity=".9"/>
<path d="M${n(cx - r * 0.45)} ${n(cy + r * 0.98)}L${n(cx - r * 0.95)} ${n(cy + r * 0.72)}L${n(cx - r * 0.55)} ${n(cy + r * 0.3)}Z" fill="#fff" opacity=".9"/>`;
}

function person(cx: number, cy: number, scale: number, color: string): string {
  return `<g transform="translate(${cx} ${cy}) scale(${scale})">
<path d="M-40 70Q-40 10 0 10Q40 10 40 70Z" fill="${color}"/>
<path d="M-40 70Q-40 10 0 10Q40 10 40 70Z" fill="url(#shade)" opacity=".5"/>
<circle cx="0" cy="-16" r="24" fill="#ffd9b8"/>
<path d="M-24 -18Q-24 -44 0 -44Q24 -44 24 -18Q14 -30 -6 -28Q-16 -28 -24 -18Z" fill="#3a2a20"/>
<circle cx="-8" cy="-14" r="2.6" fill="#3a2a20"/><circle cx="8" cy="-14" r="2.6" fill="#3a2a20"/>
<path d="M-7 -4Q0 2 7 -4" fill="none" stroke="#c0392b" stroke-width="2.4" stroke-linecap="round"/>
</g>`;
}

function envelope(cx: number, cy: number, scale: number): string {
  return `<g transform="translate(${cx} ${cy}) scale(${scale}) rotate(-8)">
<rect x="-46" y="-30" width="92" height="60" rx="6" fill="#e0281a"/>
<path d="M-46 -24L0 8L46 -24" fill="none" stroke="#a3120a" stroke-width="3"/>
<path d="M-46 -24Q0 -60 46 -24L0 8Z" fill="#ff4d4f"/>
${coin(0, -6, 14)}
</g>`;
}

function piggyBank(cx: number, cy: number, scale: number): string {
  return `<g transform="translate(${cx} ${cy}) scale(${scale})">
${groundShadow(0, 66, 90, 12)}
<rect x="-44" y="36" width="18" height="30" rx="6" fill="#f06595"/><rect x="26" y="36" width="18" height="30" rx="6" fill="#f06595"/>
<ellipse cx="0" cy="6" rx="82" ry="60" fill="#ff8fab"/>
<ellipse cx="0" cy="6" rx="82" ry="60" fill="url(#shade)" opacity=".5"/>
<path d="M-40 -44L-52 -76L-16 -56Z" fill="#f06595"/>
<ellipse cx="74" cy="10" rx="20" ry="24" fill="#ffa8c5" stroke="#f06595" stroke-width="3"/>
<ellipse cx="68" cy="6" rx="3" ry="6" fill="#c2255c"/><ellipse cx="80" cy="6" rx="3" ry="6" fill="#c2255c"/>
<circle cx="42" cy="-18" r="6" fill="#3a2a20"/>
<rect x="-24" y="-56" width="44" height="8" rx="4" fill="#c2255c"/>
<path d="M-82 0Q-100 -6 -96 -20" fill="none" stroke="#f06595" stroke-width="6" stroke-linecap="round"/>
<ellipse cx="-30" cy="-24" rx="22" ry="10" fill="#fff" opacity=".4" transform="rotate(-20 -30 -24)"/>
</g>`;
}

// The scenes -------------------------------------------------------------------------------------------------------

const welcomeArt = (box: string) =>
  `${giftBox(585, 196, 1.05, box)}
<circle cx="585" cy="110" r="80" fill="url(#glow)"/>
${coin(470, 90, 26, -20)}${coin(690, 70, 22, 25)}${coin(705, 230, 18, 10)}${ingot(470, 250, 1.6)}
${sparkle(640, 40, 14)}${sparkle(520, 40, 9)}${sparkle(730, 150, 10)}`;

export const BANNERS: Record<string, () => string> = {
  'banner-welcome': () =>
    banner({
      colors: ['#ff5a36', '#9e0b12'],
      glow: '#ffd666',
      title: '新人首存礼',
      subtitle: '注册即享专属福利',
      cta: '立即领取',
      focus: [585, 120],
      art: welcomeArt('#e0281a'),
    }),
  'banner-football': () =>
    banner({
      colors: ['#1a3fa8', '#07123d'],
      glow: '#7fb2ff',
      title: '欧洲足球盛宴',
      subtitle: '全场赛事 高赔率',
      cta: '立即投注',
      focus: [600, 150],
      art: `${floodlights()}${pitch()}${groundShadow(630, 250, 70, 12)}${footballBig(630, 150, 78)}${sparkle(720, 260, 10)}${sparkle(500, 60, 8)}`,
    }),
  'banner-responsible': () =>
    banner({
      colors: ['#1fb59a', '#0b3f5c'],
      glow: '#b8fff0',
      title: '负责任博彩',
      subtitle: '理性娱乐 量力而行',
      cta: '了解更多',
      focus: [590, 140],
      art: `${leaf(470, 290, -40, 1.6)}${leaf(700, 290, 35, 1.5)}${leaf(500, 290, -10, 1.2, '#a6f0cf')}${shield(590, 146, 1.15)}${ageBadge(680, 70)}${sparkle(500, 60, 10)}`,
    }),
  'promo-first-deposit': () =>
    banner({
      colors: ['#ff9a1f', '#b3390a'],
      glow: '#fff3b0',
      title: '新人首存礼',
      subtitle: '首存即送',
      cta: '查看详情',
      focus: [585, 120],
      art: welcomeArt('#8a2be2'),
    }),
  'promo-rebate': () =>
    banner({
      colors: ['#8a4dff', '#2a0a6e'],
      glow: '#e0c8ff',
      title: '每周返水',
      subtitle: '无上限返还',
      cta: '查看详情',
      focus: [590, 150],
      art: `${circularArrows(590, 140, 110)}${coinStack(540, 240, 6, 36)}${coinStack(630, 250, 9, 36)}${coin(700, 100, 24, 18)}${sparkle(480, 60, 10)}${sparkle(720, 210, 9)}`,
    }),
  'promo-invite': () =>
    banner({
      colors: ['#16c2b0', '#0a3d6b'],
      glow: '#c8fff6',
      title: '邀请好友',
      subtitle: '分享即赚',
      cta: '查看详情',
      focus: [590, 150],
      art: `${person(520, 190, 1.2, '#ff7a45')}${person(660, 200, 1.1, '#4d7cff')}${envelope(590, 90, 1.05)}${sparkle(470, 70, 10)}${sparkle(720, 60, 9)}`,
    }),
};

// News pictures: no words, one strong subject on a coloured stage. -----------------------------------------------

function newsStage(colors: [string, string], glow: string, focus: [number, number], art: string): string {
  const body = `<defs>${commonDefs()}${linear('sky', colors, [0, 0, 1, 1])}${radial('focusGlow', [
    [glow, 0.9],
    [glow, 0],
  ])}${linear('fade', ['#000000', '#000000'], [0, 0, 1, 0])}</defs>
<rect width="750" height="420" fill="url(#sky)"/>
${rays(focus[0], focus[1], 700, 40, 0.06)}
<circle cx="${focus[0]}" cy="${focus[1]}" r="260" fill="url(#focusGlow)" opacity=".5"/>
${art}`;
  return svgDocument(NEWS_WIDTH, NEWS_HEIGHT, '0 0 750 420', body);
}

function goal(): string {
  const net: string[] = [];
  for (let x = 200; x <= 550; x += 25) net.push(`M${x} 120L${x + (x - 375) * 0.08} 250`);
  for (let y = 130; y <= 250; y += 20) net.push(`M${200 - (y - 120) * 0.1} ${y}H${550 + (y - 120) * 0.1}`);
  return `<path d="M0 260L750 240V420H0Z" fill="#17a34a"/>
<path d="M0 300L750 290M0 350L750 345" stroke="#1fbf5a" stroke-width="30" opacity=".6"/>
<path d="${net.join('')}" stroke="#fff" stroke-width="1.5" opacity=".55"/>
<path d="M190 260V110H560V260" fill="none" stroke="#fff" stroke-width="10" stroke-linejoin="round"/>
<path d="M80 330Q375 300 670 330" fill="none" stroke="#fff" stroke-width="4" opacity=".8"/>`;
}

function hoop(): string {
  return `<rect x="430" y="40" width="220" height="140" rx="8" fill="#fff" opacity=".95"/>
<rect x="500" y="100" width="80" height="60" fill="none" stroke="#e0281a" stroke-width="6"/>
<path d="M490 186L510 260H570L590 186" fill="none" stroke="#fff" stroke-width="3"/>
<path d="M500 186L530 260M520 186L545 260M540 186L540 260M560 186L535 260M580 186L550 260" stroke="#fff" stroke-width="2" opacity=".8"/>
<rect x="480" y="180" width="120" height="10" rx="5" fill="#ff7a1f"/>`;
}

function racket(cx: number, cy: number, angle: number, scale: number): string {
  return `<g transform="translate(${cx} ${cy}) rotate(${angle}) scale(${scale})">
<ellipse cx="0" cy="-60" rx="52" ry="66" fill="none" stroke="#1f2329" stroke-width="10"/>
<g stroke="#fff" stroke-width="2" opacity=".85">${[-36, -24, -12, 0, 12, 24, 36].map((x) => `<path d="M${x} ${-60 - Math.sqrt(1 - (x / 52) ** 2) * 66}V${-60 + Math.sqrt(1 - (x / 52) ** 2) * 66}"/>`).join('')}${[-100, -80, -60, -40, -20].map((y) => `<path d="M${-Math.sqrt(1 - ((y + 60) / 66) ** 2) * 52} ${y}H${Math.sqrt(1 - ((y + 60) / 66) ** 2) * 52}"/>`).join('')}</g>
<rect x="-8" y="4" width="16" height="90" rx="6" fill="#1f2329"/><rect x="-10" y="50" width="20" height="46" rx="6" fill="#e0281a"/>
</g>`;
}

function neonGrid(): string {
  const lines: string[] = [];
  for (let x = -400; x <= 1150; x += 75) lines.push(`M375 250L${x} 420`);
  for (const y of [270, 300, 340, 390]) lines.push(`M0 ${y}H750`);
  return `<path d="M0 250H750V420H0Z" fill="#12062e"/><path d="${lines.join('')}" stroke="#ff4fd8" stroke-width="2" opacity=".55"/>
<path d="M0 250H750" stroke="#5ce1ff" stroke-width="3"/>`;
}

function bigGamepad(cx: number, cy: number, scale: number): string {
  const shape =
    'M-66 -30Q-78 -36 -90 -18Q-114 36 -96 54Q-81 66 -60 42L-42 24H42L60 42Q81 66 96 54Q114 36 90 -18Q78 -36 66 -30Z';
  return `<g transform="translate(${cx} ${cy}) scale(${scale})">
<path d="${shape}" fill="none" stroke="#5ce1ff" stroke-width="10" opacity=".35"/>
<path d="${shape}" fill="#1d1f3a" stroke="#5ce1ff" stroke-width="3"/>
<path d="M-69 -6H-57V-18H-45V-6H-33V6H-45V18H-57V6H-69Z" fill="#e9ecf5"/>
<circle cx="54" cy="-12" r="8" fill="#ffd23f"/><circle cx="72" cy="3" r="8" fill="#ff4d6d"/><circle cx="36" cy="3" r="8" fill="#3ddc84"/><circle cx="54" cy="18" r="8" fill="#4dabff"/>
<circle cx="-20" cy="24" r="12" fill="#2b2f55"/><circle cx="20" cy="24" r="12" fill="#2b2f55"/>
</g>`;
}

function calendar(cx: number, cy: number, scale: number): string {
  const cells: string[] = [];
  for (let row = 0; row < 3; row++)
    for (let column = 0; column < 4; column++)
      cells.push(
        `<rect x="${-50 + column * 26}" y="${-6 + row * 22}" width="18" height="14" rx="3" fill="${row === 1 && column === 2 ? '#ff6b81' : '#d9f5ea'}"/>`,
      );
  return `<g transform="translate(${cx} ${cy}) scale(${scale}) rotate(8)">
<rect x="-60" y="-50" width="120" height="120" rx="12" fill="#fff"/>
<rect x="-60" y="-50" width="120" height="34" rx="12" fill="#14a38b"/><rect x="-60" y="-28" width="120" height="12" fill="#14a38b"/>
<rect x="-36" y="-62" width="10" height="24" rx="5" fill="#0b3f5c"/><rect x="26" y="-62" width="10" height="24" rx="5" fill="#0b3f5c"/>
${cells.join('')}
</g>`;
}

export const NEWS_IMAGES: Record<string, () => string> = {
  'news-premier-league': () =>
    newsStage(
      ['#2b7a3d', '#0a2f1a'],
      '#d8ffb0',
      [375, 180],
      `${goal()}${groundShadow(375, 340, 60, 12)}${footballBig(375, 290, 48)}`,
    ),
  'news-nba': () =>
    newsStage(
      ['#ff8a3d', '#3a1005'],
      '#ffe0b0',
      [540, 140],
      `<path d="M0 330H750V420H0Z" fill="#b8682a"/><path d="M0 330H750" stroke="#fff" stroke-width="4" opacity=".7"/>${hoop()}${groundShadow(260, 380, 90, 14)}${basketballBig(260, 260, 100)}`,
    ),
  'news-champions': () =>
    newsStage(
      ['#1a3fa8', '#050b2e'],
      '#a8c8ff',
      [375, 200],
      `${[
        [120, 90],
        [220, 60],
        [530, 70],
        [640, 110],
        [90, 250],
        [670, 270],
        [180, 330],
        [590, 350],
      ]
        .map(([x, y], index) => star(x!, y!, 12 + (index % 3) * 4, '#fff'))
        .join('')}${trophy(375, 200, 1.55)}`,
    ),
  'news-esports': () =>
    newsStage(
      ['#5a1ab8', '#12062e'],
      '#ff9ef0',
      [375, 180],
      `${neonGrid()}${bigGamepad(375, 180, 1.55)}${sparkle(160, 90, 14)}${sparkle(600, 80, 12)}`,
    ),
  'news-tennis': () =>
    newsStage(
      ['#2f7fe0', '#0a2a66'],
      '#c8e6ff',
      [375, 200],
      `<path d="M60 420L180 230H570L690 420Z" fill="#1f5fbf"/><path d="M60 420L180 230H570L690 420M375 230V420M120 325H630" fill="none" stroke="#fff" stroke-width="5" opacity=".85"/>${racket(300, 250, -30, 1.3)}${tennisBallBig(470, 180, 44)}`,
    ),
  'news-budget': () =>
    newsStage(
      ['#1fb59a', '#0b3f5c'],
      '#c8fff6',
      [330, 200],
      `${calendar(560, 170, 1.3)}${piggyBank(290, 220, 1.35)}${coin(290, 80, 30)}${sparkle(430, 70, 12)}${sparkle(140, 120, 9)}`,
    ),
};

function basketballBig(cx: number, cy: number, r: number): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#f57c1f"/>
<g fill="none" stroke="#3a1d05" stroke-width="${n(r * 0.06)}" stroke-linecap="round">
<path d="M${cx - r} ${cy}H${cx + r}M${cx} ${cy - r}V${cy + r}"/>
<path d="M${n(cx - r * 0.7)} ${n(cy - r * 0.72)}Q${n(cx - r * 0.25)} ${cy} ${n(cx - r * 0.7)} ${n(cy + r * 0.72)}"/>
<path d="M${n(cx + r * 0.7)} ${n(cy - r * 0.72)}Q${n(cx + r * 0.25)} ${cy} ${n(cx + r * 0.7)} ${n(cy + r * 0.72)}"/>
</g>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#shade)"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#sphere)" opacity=".7"/>`;
}

function tennisBallBig(cx: number, cy: number, r: number): string {
  return `${ball(cx, cy, r, '#d4ee2a')}
<g fill="none" stroke="#fff" stroke-width="${n(r * 0.12)}" stroke-linecap="round">
<path d="M${n(cx - r * 0.72)} ${n(cy - r * 0.7)}Q${cx} ${n(cy - r * 0.1)} ${n(cx - r * 0.72)} ${n(cy + r * 0.7)}"/>
<path d="M${n(cx + r * 0.72)} ${n(cy - r * 0.7)}Q${cx} ${n(cy + r * 0.1)} ${n(cx + r * 0.72)} ${n(cy + r * 0.7)}"/>
</g>`;
}

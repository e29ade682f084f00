import { coin, commonDefs, FONT_LATIN, linear, n, radial, rays, sparkle, star, svgDocument } from './svg-kit';

/**
 * The demo sponsorships' pictures (/app/sponsor): a club's shirt, an esports team's crest and a basketball league's
 * jersey, each in the team's colours with the brand's gold coin as the sponsor's mark. No words: the page's texts
 * carry the names, in the member's language.
 */
export const SPONSOR_WIDTH = 750;
export const SPONSOR_HEIGHT = 420;

function stage(colors: [string, string], glow: string, art: string): string {
  const body = `<defs>${commonDefs()}${linear('sky', colors, [0, 0, 1, 1])}${radial('focusGlow', [
    [glow, 0.85],
    [glow, 0],
  ])}</defs>
<rect width="750" height="420" fill="url(#sky)"/>
${rays(375, 210, 700, 36, 0.07)}
<circle cx="375" cy="210" r="250" fill="url(#focusGlow)" opacity=".55"/>
${art}`;
  return svgDocument(SPONSOR_WIDTH, SPONSOR_HEIGHT, '0 0 750 420', body);
}

/** A shirt centred on (cx, cy): body colour, trim, a sponsor coin on the chest and a number when given. */
function shirt(cx: number, cy: number, scale: number, body: string, trim: string, number = ''): string {
  const outline =
    'M-60 -110L-120 -80L-150 -10L-105 10L-95 -20V120H95V-20L105 10L150 -10L120 -80L60 -110Q0 -70 -60 -110Z';
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
<ellipse cx="0" cy="132" rx="120" ry="14" fill="url(#ground)"/>
<path d="${outline}" fill="${body}" stroke="${trim}" stroke-width="6" stroke-linejoin="round"/>
<path d="M-60 -110Q0 -70 60 -110" fill="none" stroke="${trim}" stroke-width="12" stroke-linecap="round"/>
<path d="M-95 -20V120M95 -20V120" stroke="#000" stroke-width="10" opacity=".08"/>
<path d="M-150 -10L-105 10M150 -10L105 10" stroke="${trim}" stroke-width="10" stroke-linecap="round"/>
${coin(0, number ? -30 : 10, number ? 22 : 34)}
${number ? `<text x="0" y="70" font-family="${FONT_LATIN}" font-weight="700" font-size="78" text-anchor="middle" fill="${trim}">${number}</text>` : ''}
</g>`;
}

/** A shield crest with a lightning bolt, the esports team's mark. */
function crest(cx: number, cy: number, scale: number): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale})">
<path d="M0 -120L100 -84V-10Q100 80 0 126Q-100 80 -100 -10V-84Z" fill="#5ce1ff" opacity=".25"/>
<path d="M0 -106L86 -74V-8Q86 70 0 110Q-86 70 -86 -8V-74Z" fill="#1d1f3a" stroke="#5ce1ff" stroke-width="6"/>
<path d="M14 -78L-38 6H0L-18 84L42 -14H6Z" fill="url(#gold)" stroke="#9c5800" stroke-width="3" stroke-linejoin="round"/>
</g>`;
}

export const SPONSOR_IMAGES: Record<string, () => string> = {
  'sponsor-football': () =>
    stage(
      ['#3da9ff', '#0a2a66'],
      '#d4ecff',
      `<path d="M0 330L750 310V420H0Z" fill="#17a34a"/><path d="M0 360L750 350" stroke="#1fbf5a" stroke-width="26" opacity=".6"/>
${shirt(375, 200, 1.05, '#6cc4ff', '#ffffff')}${star(235, 90, 16, '#fff4c2')}${star(515, 90, 16, '#fff4c2')}${sparkle(150, 140, 12)}${sparkle(620, 170, 10)}`,
    ),
  'sponsor-esports': () =>
    stage(
      ['#5a1ab8', '#12062e'],
      '#ff9ef0',
      `<path d="M0 300H750V420H0Z" fill="#12062e" opacity=".8"/>
<path d="M0 300H750" stroke="#5ce1ff" stroke-width="3"/>
${crest(375, 200, 1.3)}${coin(520, 110, 30, -12)}${sparkle(200, 90, 14, '#ff9ef0')}${sparkle(600, 250, 11)}`,
    ),
  'sponsor-basketball': () =>
    stage(
      ['#ff8a3d', '#3a1005'],
      '#ffe0b0',
      `<path d="M0 330H750V420H0Z" fill="#b8682a"/><path d="M0 330H750" stroke="#fff" stroke-width="4" opacity=".7"/>
${shirt(375, 195, 1.05, '#1f2329', '#ffb020', '23')}${sparkle(200, 100, 12)}${sparkle(560, 80, 14)}`,
    ),
};

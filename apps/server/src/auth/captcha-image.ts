import { randomFillSync } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/**
 * The captcha picture, drawn pixel by pixel from our own glyph outlines and sent as a PNG. A vector picture (SVG)
 * carries each character's shape in its markup, and a script reads those shapes without looking at the picture;
 * a raster picture with per-character distortion, a warp of the whole image and noise crossing the strokes has to be
 * recognised the way a member does, by eye.
 */

/** Uniform numbers in [0, 1). The service passes `cryptoRandom()`; tests may pass a seeded source. */
export type RandomSource = () => number;

/** Drawn at twice the size the page shows (120 x 44 CSS px) so phone screens get sharp strokes. */
export const CAPTCHA_WIDTH = 240;
export const CAPTCHA_HEIGHT = 88;

/** Random numbers from node:crypto, fetched in batches because one picture needs about a thousand. */
export function cryptoRandom(): RandomSource {
  const pool = new Uint32Array(512);
  let next = pool.length;
  return () => {
    if (next === pool.length) {
      randomFillSync(pool);
      next = 0;
    }
    return pool[next++]! / 2 ** 32;
  };
}

// Glyph outlines in a box 0..6 wide (m and w are wider): ascenders start at y 0, the x-height at 4, the baseline
// is 10, descenders reach 13. "M x y" starts a stroke, "L x y" draws a line, "Q cx cy x y" a quadratic curve.
const BOWL_RIGHT = 'M0.8 7 Q0.8 4 3.2 4 Q5.5 4 5.5 7 Q5.5 10 3.2 10 Q0.8 10 0.8 7';
const BOWL_LEFT = 'M5.2 7 Q5.2 4 2.8 4 Q0.5 4 0.5 7 Q0.5 10 2.8 10 Q5.2 10 5.2 7';
const ARCH = 'M0.8 6.5 Q1.5 4 3.2 4 Q5.2 4 5.2 6 L5.2 10';
const GLYPH_PATHS: Record<string, string> = {
  a: `M5.2 4.5 L5.2 10 ${BOWL_LEFT}`,
  b: `M0.8 0 L0.8 10 ${BOWL_RIGHT}`,
  c: 'M5.2 5 Q4.3 4 3 4 Q0.5 4 0.5 7 Q0.5 10 3 10 Q4.3 10 5.2 9',
  d: `M5.2 0 L5.2 10 ${BOWL_LEFT}`,
  e: 'M0.6 7 L5.4 7 Q5.4 4 3 4 Q0.6 4 0.6 7 Q0.6 10 3 10 Q4.5 10 5.2 9',
  f: 'M4.8 0.6 Q4.2 0 3.3 0 Q2 0 2 1.8 L2 10 M0.5 4 L4.5 4',
  g: `M5.2 4 L5.2 11 Q5.2 13 2.8 13 Q1.5 13 0.8 12.2 ${BOWL_LEFT}`,
  h: `M0.8 0 L0.8 10 ${ARCH}`,
  i: 'M3 4.5 L3 10 M3 1.4 L3 2.2',
  j: 'M3.8 4.5 L3.8 11.5 Q3.8 13 2.3 13 Q1.2 13 0.6 12.3 M3.8 1.4 L3.8 2.2',
  k: 'M0.8 0 L0.8 10 M5 4 L0.8 8 M2.4 6.6 L5.3 10',
  l: 'M2.5 0 L2.5 8.8 Q2.5 10 3.8 10',
  m: 'M0.6 4 L0.6 10 M0.6 6 Q1 4 2.4 4 Q3.7 4 3.7 6 L3.7 10 M3.7 6 Q4.1 4 5.5 4 Q6.8 4 6.8 6 L6.8 10',
  n: `M0.8 4 L0.8 10 ${ARCH}`,
  o: 'M3 4 Q5.5 4 5.5 7 Q5.5 10 3 10 Q0.5 10 0.5 7 Q0.5 4 3 4',
  p: `M0.8 4 L0.8 13 ${BOWL_RIGHT}`,
  q: `M5.2 4 L5.2 13 ${BOWL_LEFT}`,
  r: 'M1 4 L1 10 M1 6.8 Q1.8 4 4.8 4.2',
  s: 'M5 4.9 Q4.2 4 3 4 Q0.8 4 0.8 5.5 Q0.8 6.8 3 7 Q5.2 7.2 5.2 8.5 Q5.2 10 3 10 Q1.5 10 0.6 9',
  t: 'M2.4 1.5 L2.4 8.8 Q2.4 10 3.8 10 Q4.5 10 5 9.6 M0.6 4 L4.8 4',
  u: 'M0.8 4 L0.8 8 Q0.8 10 2.8 10 Q4.5 10 5.2 7.5 M5.2 4 L5.2 10',
  v: 'M0.5 4 L3 10 L5.5 4',
  w: 'M0.3 4 L2 10 L3.7 5 L5.4 10 L7.1 4',
  x: 'M0.6 4 L5.4 10 M5.4 4 L0.6 10',
  y: 'M0.5 4 L3 10 M5.5 4 L2.5 11.5 Q1.9 13 0.6 12.8',
  z: 'M0.8 4 L5.2 4 L0.8 10 L5.2 10',
  '0': 'M3 0 Q5.4 0 5.4 5 Q5.4 10 3 10 Q0.6 10 0.6 5 Q0.6 0 3 0',
  '1': 'M1.2 2.2 L3.4 0 L3.4 10',
  '2': 'M0.8 2.2 Q1.6 0 3 0 Q5.2 0 5.2 2.6 Q5.2 4.4 3 6.2 L0.6 10 L5.4 10',
  '3': 'M0.8 1 Q1.8 0 3 0 Q5 0 5 2.4 Q5 4.7 2.4 4.7 Q5.4 4.7 5.4 7.3 Q5.4 10 3 10 Q1.5 10 0.6 9',
  '4': 'M4 10 L4 0 L0.5 7 L5.5 7',
  '5': 'M5 0 L1.2 0 L0.8 4.6 Q1.8 3.8 3 3.8 Q5.4 3.8 5.4 6.9 Q5.4 10 3 10 Q1.5 10 0.6 9',
  '6': 'M4.8 0.6 Q4 0 3 0 Q0.6 0 0.6 5.5 Q0.6 10 3 10 Q5.4 10 5.4 7.1 Q5.4 4.3 3 4.3 Q1.2 4.3 0.7 6.2',
  '7': 'M0.6 0 L5.4 0 L2.2 10',
  '8': 'M3 4.8 Q0.9 4.8 0.9 2.4 Q0.9 0 3 0 Q5.1 0 5.1 2.4 Q5.1 4.8 3 4.8 Q0.6 4.8 0.6 7.4 Q0.6 10 3 10 Q5.4 10 5.4 7.4 Q5.4 4.8 3 4.8',
  '9': 'M5.2 4 Q4.6 5.7 3 5.7 Q0.6 5.7 0.6 2.85 Q0.6 0 3 0 Q5.4 0 5.4 4.5 Q5.4 10 3 10 Q1.8 10 1 9.3',
};

type Point = { x: number; y: number };
type Polyline = Point[];
type Glyph = { strokes: Polyline[]; width: number; centre: Point };

const CURVE_STEPS = 8;

function parseGlyph(path: string): Glyph {
  const tokens = path.match(/[MLQ]|-?[\d.]+/g) ?? [];
  const strokes: Polyline[] = [];
  let current: Polyline = [];
  let index = 0;
  const number = () => Number(tokens[index++]);
  while (index < tokens.length) {
    const command = tokens[index++];
    if (command === 'M') {
      current = [{ x: number(), y: number() }];
      strokes.push(current);
    } else if (command === 'L') {
      current.push({ x: number(), y: number() });
    } else if (command === 'Q') {
      const start = current[current.length - 1]!;
      const control = { x: number(), y: number() };
      const end = { x: number(), y: number() };
      for (let step = 1; step <= CURVE_STEPS; step++)
        current.push(quadraticAt(start, control, end, step / CURVE_STEPS));
    } else {
      throw new Error(`glyph path command ${command}`);
    }
  }
  const points = strokes.flat();
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return { strokes, width: Math.max(6, maxX + 0.5), centre: { x: (minX + maxX) / 2, y: (minY + maxY) / 2 } };
}

function quadraticAt(start: Point, control: Point, end: Point, t: number): Point {
  const u = 1 - t;
  return {
    x: u * u * start.x + 2 * u * t * control.x + t * t * end.x,
    y: u * u * start.y + 2 * u * t * control.y + t * t * end.y,
  };
}

const GLYPHS = new Map(Object.entries(GLYPH_PATHS).map(([char, path]) => [char, parseGlyph(path)]));

/** Characters the renderer can draw (answers are compared in lower case, so upper case is drawn as lower). */
export const DRAWABLE = new Set(GLYPHS.keys());

type Rgb = [number, number, number];

/** An RGB picture being drawn, plus one coverage layer so the joints of a stroke are not painted twice. */
class Canvas {
  readonly pixels: Float32Array;
  private readonly coverage: Float32Array;
  private dirty = { x0: Number.POSITIVE_INFINITY, y0: Number.POSITIVE_INFINITY, x1: -1, y1: -1 };

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Float32Array(width * height * 3);
    this.coverage = new Float32Array(width * height);
  }

  /** Anti-aliased thick segment: coverage falls off over one pixel at the stroke's edge. */
  segment(a: Point, b: Point, halfWidth: number): void {
    const reach = halfWidth + 1;
    const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - reach));
    const x1 = Math.min(this.width - 1, Math.ceil(Math.max(a.x, b.x) + reach));
    const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - reach));
    const y1 = Math.min(this.height - 1, Math.ceil(Math.max(a.y, b.y) + reach));
    if (x0 > x1 || y0 > y1) return;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const lengthSquared = dx * dx + dy * dy || 1;
    const outerSquared = (halfWidth + 0.5) ** 2;
    for (let y = y0; y <= y1; y++) {
      const py = y + 0.5 - a.y;
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5 - a.x;
        const t = Math.max(0, Math.min(1, (px * dx + py * dy) / lengthSquared));
        const ex = px - t * dx;
        const ey = py - t * dy;
        const distanceSquared = ex * ex + ey * ey;
        if (distanceSquared >= outerSquared) continue;
        const cover = halfWidth + 0.5 - Math.sqrt(distanceSquared);
        const at = y * this.width + x;
        if (cover > this.coverage[at]!) this.coverage[at] = Math.min(1, cover);
      }
    }
    this.dirty = {
      x0: Math.min(this.dirty.x0, x0),
      y0: Math.min(this.dirty.y0, y0),
      x1: Math.max(this.dirty.x1, x1),
      y1: Math.max(this.dirty.y1, y1),
    };
  }

  polyline(points: Polyline, halfWidth: number): void {
    if (points.length === 1) this.segment(points[0]!, points[0]!, halfWidth);
    for (let index = 1; index < points.length; index++) this.segment(points[index - 1]!, points[index]!, halfWidth);
  }

  /** Paints what the strokes since the last paint covered, in one colour, and clears the coverage layer. */
  paint(colour: Rgb, opacity = 1): void {
    const { x0, y0, x1, y1 } = this.dirty;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const at = y * this.width + x;
        const alpha = this.coverage[at]! * opacity;
        if (alpha === 0) continue;
        this.coverage[at] = 0;
        for (let channel = 0; channel < 3; channel++) {
          const offset = at * 3 + channel;
          this.pixels[offset] = this.pixels[offset]! * (1 - alpha) + colour[channel]! * alpha;
        }
      }
    }
    this.dirty = { x0: Number.POSITIVE_INFINITY, y0: Number.POSITIVE_INFINITY, x1: -1, y1: -1 };
  }
}

const moveDown =
  (distance: number) =>
  ({ x, y }: Point): Point => ({ x, y: y + distance });

const between = (random: RandomSource, low: number, high: number) => low + random() * (high - low);

function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const spread = saturation * Math.min(lightness, 1 - lightness);
  const channel = (shift: number) => {
    const k = (((shift + hue / 30) % 12) + 12) % 12;
    return 255 * (lightness - spread * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [channel(0), channel(8), channel(4)];
}

/** WCAG relative luminance, to keep every character at a readable contrast against the background. */
function luminance([red, green, blue]: Rgb): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

const contrast = (a: Rgb, b: Rgb) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** A dark, saturated colour readable on `background` (at least 4.5:1, the WCAG level for text). */
function inkColour(random: RandomSource, background: Rgb): Rgb {
  for (;;) {
    const colour = hslToRgb(between(random, 0, 360), between(random, 0.45, 0.85), between(random, 0.18, 0.38));
    if (contrast(colour, background) >= 4.5) return colour;
  }
}

/** Draws `text` distorted at random and returns the PNG file. Pure: the picture depends only on its arguments. */
export function renderCaptchaPng(text: string, random: RandomSource): Buffer {
  const width = CAPTCHA_WIDTH;
  const height = CAPTCHA_HEIGHT;
  const canvas = new Canvas(width, height);
  const glyphs = [...text.toLowerCase()].map((char) => {
    const glyph = GLYPHS.get(char);
    if (!glyph) throw new Error(`captcha cannot draw ${JSON.stringify(char)}`);
    return glyph;
  });

  // A flat pale background: a gradient would cost more bytes than it costs a script.
  const background = hslToRgb(between(random, 0, 360), between(random, 0.3, 0.6), between(random, 0.91, 0.95));
  for (let at = 0; at < width * height * 3; at += 3) canvas.pixels.set(background, at);

  // Speckle: pale dots a human ignores, which a thresholding script has to clean away first.
  const speckleInks = [0, 1, 2].map(() => hslToRgb(random() * 360, 0.55, between(random, 0.6, 0.75)));
  for (let dot = 0; dot < 90; dot++) {
    const centre = { x: random() * width, y: random() * height };
    canvas.segment(centre, centre, between(random, 0.6, 1.6));
    canvas.paint(speckleInks[Math.floor(random() * speckleInks.length)]!);
  }

  const margin = 18;
  const slot = (width - 2 * margin) / glyphs.length;
  const inks: Rgb[] = [];
  glyphs.forEach((glyph, index) => {
    const unit = Math.min(between(random, 5.6, 6.5), (slot * 1.2) / glyph.width);
    const scaleX = unit * between(random, 0.85, 1.15);
    const scaleY = unit * between(random, 0.9, 1.12);
    const angle = between(random, -0.38, 0.38);
    const shear = between(random, -0.25, 0.25);
    const centreX = margin + slot * (index + 0.5) + between(random, -0.12, 0.12) * slot;
    const centreY = height / 2 + between(random, -7, 7);
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    const place = ({ x, y }: Point): Point => {
      const gx = (x - glyph.centre.x) * scaleX;
      const gy = (y - glyph.centre.y) * scaleY;
      const sheared = gx + shear * gy;
      return { x: centreX + sheared * cos - gy * sin, y: centreY + sheared * sin + gy * cos };
    };
    const halfWidth = between(random, 2.4, 3.4);
    const strokes = glyph.strokes.map((stroke) => stroke.map(place));
    // Tall letters turned at random may leave the picture: pull them back inside, edge to edge at worst.
    const ys = strokes.flat().map((point) => point.y);
    const edge = halfWidth + 3;
    const top = Math.min(...ys) - edge;
    const bottom = Math.max(...ys) + edge;
    const shift = top < 0 ? Math.min(-top, height - bottom) : bottom > height ? Math.max(height - bottom, -top) : 0;
    for (const stroke of strokes) canvas.polyline(stroke.map(moveDown(shift)), halfWidth);
    const ink = inkColour(random, background);
    inks.push(ink);
    canvas.paint(ink);
  });

  // Curves across the whole text in the characters' own colours, thinner than a character's stroke so a human can
  // tell them apart, while colour or connected-component segmentation cannot.
  const curves = 2 + Math.floor(random() * 2);
  for (let curve = 0; curve < curves; curve++) {
    const start = { x: between(random, -10, 20), y: between(random, 10, height - 10) };
    const control = { x: between(random, 60, 180), y: between(random, -30, height + 30) };
    const end = { x: between(random, width - 20, width + 10), y: between(random, 10, height - 10) };
    const points: Polyline = [];
    for (let step = 0; step <= 40; step++) points.push(quadraticAt(start, control, end, step / 40));
    canvas.polyline(points, between(random, 0.9, 1.6));
    canvas.paint(inks[Math.floor(random() * inks.length)] ?? inkColour(random, background));
  }

  const palette = [background, ...[...inks, ...speckleInks].flatMap((ink) => blends(background, ink, BLEND_LEVELS))];
  return encodePng(quantise(warp(canvas, random), palette), palette, width, height);
}

/** Bends the whole picture along two sine waves, so no character keeps straight strokes or a fixed baseline. */
function warp(canvas: Canvas, random: RandomSource): Uint8Array {
  const { width, height, pixels } = canvas;
  const amplitudeX = between(random, 2.5, 4.5);
  const amplitudeY = between(random, 3, 5.5);
  const waveX = (2 * Math.PI) / between(random, 50, 90);
  const waveY = (2 * Math.PI) / between(random, 90, 160);
  const phaseX = random() * 2 * Math.PI;
  const phaseY = random() * 2 * Math.PI;
  const out = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const shiftX = amplitudeX * Math.sin(y * waveX + phaseX);
    for (let x = 0; x < width; x++) {
      const sourceX = Math.max(0, Math.min(width - 1.001, x + shiftX));
      const sourceY = Math.max(0, Math.min(height - 1.001, y + amplitudeY * Math.sin(x * waveY + phaseY)));
      const left = Math.floor(sourceX);
      const top = Math.floor(sourceY);
      const fx = sourceX - left;
      const fy = sourceY - top;
      const topLeft = (top * width + left) * 3;
      const bottomLeft = topLeft + width * 3;
      for (let channel = 0; channel < 3; channel++) {
        const upper = pixels[topLeft + channel]! * (1 - fx) + pixels[topLeft + 3 + channel]! * fx;
        const lower = pixels[bottomLeft + channel]! * (1 - fx) + pixels[bottomLeft + 3 + channel]! * fx;
        out[(y * width + x) * 3 + channel] = Math.round(upper * (1 - fy) + lower * fy);
      }
    }
  }
  return out;
}

/**
 * Anti-aliased edges in true colour take ~15 KB per picture; a palette of each ink at a few coverage levels keeps
 * the edges smooth at a third of that.
 */
const BLEND_LEVELS = 6;

function blends(from: Rgb, to: Rgb, levels: number): Rgb[] {
  return Array.from({ length: levels }, (_, level) => {
    const t = (level + 1) / levels;
    return [0, 1, 2].map((channel) => from[channel]! * (1 - t) + to[channel]! * t) as Rgb;
  });
}

/** Each pixel becomes the index of the nearest palette colour; pictures repeat colours, so answers are cached. */
function quantise(rgb: Uint8Array, palette: Rgb[]): Uint8Array {
  const indices = new Uint8Array(rgb.length / 3);
  const nearest = new Map<number, number>();
  for (let pixel = 0; pixel < indices.length; pixel++) {
    const [red, green, blue] = [rgb[pixel * 3]!, rgb[pixel * 3 + 1]!, rgb[pixel * 3 + 2]!];
    const key = (red << 16) | (green << 8) | blue;
    let index = nearest.get(key);
    if (index === undefined) {
      let best = Number.POSITIVE_INFINITY;
      index = 0;
      for (let entry = 0; entry < palette.length; entry++) {
        const [r, g, b] = palette[entry]!;
        const distance = (red - r) ** 2 + (green - g) ** 2 + (blue - b) ** 2;
        if (distance < best) {
          best = distance;
          index = entry;
        }
      }
      nearest.set(key, index);
    }
    indices[pixel] = index;
  }
  return indices;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An 8-bit indexed-colour PNG; rows are stored unfiltered, which suits palette pictures best. */
function encodePng(indices: Uint8Array, palette: Rgb[], width: number, height: number): Buffer {
  if (palette.length > 256) throw new Error('captcha palette over 256 colours');
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) rows.set(indices.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per index
  header[9] = 3; // indexed colour
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', Buffer.from(palette.flatMap((colour) => colour.map(Math.round)))),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

import { crc32, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { authRepository } from './auth.repository';
import {
  CAPTCHA_HEIGHT,
  CAPTCHA_WIDTH,
  cryptoRandom,
  DRAWABLE,
  type RandomSource,
  renderCaptchaPng,
} from './captcha-image';

const CAPTCHA_URL = '/api/findmed/v1/member/captcha';
const ALPHABET = 'abcdefhjkmnprstuvwxyz2345678';
const SIZE_BUDGET = 8 * 1024;

type DecodedPng = { width: number; height: number; rgb: Uint8Array };

/** A reader for the PNGs a browser accepts (every colour type we could send, 8 bits, no interlace). */
function decodePng(bytes: Buffer): DecodedPng {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  let header: Buffer | undefined;
  let palette: Buffer | undefined;
  const data: Buffer[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('ascii', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    expect(bytes.readUInt32BE(offset + 8 + length), `CRC of ${type}`).toBe(
      crc32(bytes.subarray(offset + 4, offset + 8 + length)),
    );
    if (type === 'IHDR') header = body;
    if (type === 'PLTE') palette = body;
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  if (!header) throw new Error('no IHDR');
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const [bitDepth, colourType, , , interlace] = header.subarray(8);
  expect({ bitDepth, interlace }).toEqual({ bitDepth: 8, interlace: 0 });
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colourType as 0 | 2 | 3 | 4 | 6];
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const value = raw[y * (stride + 1) + 1 + i]!;
      const left = i >= channels ? pixels[y * stride + i - channels]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      const upLeft = y > 0 && i >= channels ? pixels[(y - 1) * stride + i - channels]! : 0;
      const estimate = left + up - upLeft;
      const [a, b, c] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
      const paeth = a <= b && a <= c ? left : b <= c ? up : upLeft;
      const predicted = [0, left, up, (left + up) >> 1, paeth][filter!]!;
      pixels[y * stride + i] = (value + predicted) & 0xff;
    }
  }
  const rgb = new Uint8Array(width * height * 3);
  for (let pixel = 0; pixel < width * height; pixel++) {
    for (let channel = 0; channel < 3; channel++) {
      rgb[pixel * 3 + channel] =
        colourType === 3
          ? palette![pixels[pixel]! * 3 + channel]!
          : colourType === 0 || colourType === 4
            ? pixels[pixel * channels]!
            : pixels[pixel * channels + channel]!;
    }
  }
  return { width, height, rgb };
}

const luminance = (rgb: Uint8Array, pixel: number) =>
  (0.2126 * rgb[pixel * 3]! + 0.7152 * rgb[pixel * 3 + 1]! + 0.0722 * rgb[pixel * 3 + 2]!) / 255;

/**
 * Ink a person reads: pixels much darker than the background (the most common colour). Returns, for each of
 * `slots` equal columns across the middle of the picture, how many such pixels it holds.
 */
function inkPerSlot({ width, height, rgb }: DecodedPng, slots: number): number[] {
  const counts = new Map<number, number>();
  for (let pixel = 0; pixel < width * height; pixel++) {
    const key = (rgb[pixel * 3]! << 16) | (rgb[pixel * 3 + 1]! << 8) | rgb[pixel * 3 + 2]!;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const background = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  const backgroundLuminance =
    (0.2126 * (background >> 16) + 0.7152 * ((background >> 8) & 255) + 0.0722 * (background & 255)) / 255;
  const margin = width * 0.08;
  const slotWidth = (width - 2 * margin) / slots;
  const ink = new Array<number>(slots).fill(0);
  for (let y = 0; y < height; y++) {
    for (let x = Math.ceil(margin); x < width - margin; x++) {
      if (backgroundLuminance - luminance(rgb, y * width + x) < 0.35) continue;
      ink[Math.min(slots - 1, Math.floor((x - margin) / slotWidth))]!++;
    }
  }
  return ink;
}

/** A repeatable source (mulberry32), to show the picture depends on nothing but the text and the numbers drawn. */
function seeded(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function randomAnswer(random: RandomSource): string {
  let text = '';
  for (let index = 0; index < 4; index++) text += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return text;
}

describe('the captcha picture', () => {
  it('is a PNG of 240 x 44 x 2 pixels with ink in every character column, under 8 KB, for any answer', () => {
    const random = cryptoRandom();
    for (let round = 0; round < 40; round++) {
      const text = randomAnswer(random);
      const png = renderCaptchaPng(text, random);
      expect(png.length).toBeLessThan(SIZE_BUDGET);
      const image = decodePng(png);
      expect([image.width, image.height]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
      const ink = inkPerSlot(image, text.length);
      // Over 1,500 draws a character put at least 458 dark pixels in its column; a blank column holds none.
      for (const pixels of ink) expect(pixels, `ink per column of ${text}: ${ink}`).toBeGreaterThan(300);
      const total = ink.reduce((sum, pixels) => sum + pixels, 0);
      expect(total / (CAPTCHA_WIDTH * CAPTCHA_HEIGHT)).toBeLessThan(0.45);
    }
  });

  it('can draw every character of the answer alphabet and of a demo answer (letters in either case, digits)', () => {
    for (const char of `${ALPHABET}abcdefghijklmnopqrstuvwxyz0123456789`) expect(DRAWABLE.has(char), char).toBe(true);
    const image = decodePng(renderCaptchaPng('AbCd1234', cryptoRandom()));
    for (const pixels of inkPerSlot(image, 8)) expect(pixels).toBeGreaterThan(150);
  });

  it('depends only on the text and the random numbers: the same draw twice is the same picture, another draw is not', () => {
    expect(renderCaptchaPng('k7mx', seeded(7)).equals(renderCaptchaPng('k7mx', seeded(7)))).toBe(true);
    expect(renderCaptchaPng('k7mx', seeded(7)).equals(renderCaptchaPng('k7mx', seeded(8)))).toBe(false);
  });
});

describe.each(testDatabases)('the captcha a member is shown on %s', (kind) => {
  let sut: TestApp;
  let withRandomAnswers: TestApp;
  beforeAll(async () => {
    sut = await createTestApp(kind, { seed: false });
    withRandomAnswers = await createTestApp(kind, {
      seed: false,
      tweak: (config) => {
        config.demo.captcha = undefined;
      },
    });
  });
  afterAll(async () => {
    await Promise.all([sut?.close(), withRandomAnswers?.close()]);
  });

  it('is a fresh PNG that is never cached', async () => {
    const response = await sut.get(CAPTCHA_URL, { device_no: sut.newDevice() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('no-store');
    const image = decodePng(response.rawPayload);
    expect([image.width, image.height]).toEqual([240, 88]);
    expect(response.rawPayload.length).toBeLessThan(SIZE_BUDGET);
  });

  it('cannot be read from its bytes: no markup, no answer text, and the same answer never looks the same twice', async () => {
    const device = withRandomAnswers.newDevice();
    const response = await withRandomAnswers.get(CAPTCHA_URL, { device_no: device });
    const answer = await authRepository.takeCaptcha(withRandomAnswers.container.db, `device:${device}`);
    expect(answer).toMatch(/^[a-z2-8]{4}$/);
    const bytes = response.rawPayload.toString('latin1');
    for (const text of ['<svg', '<path', '<?xml', answer!, answer!.toUpperCase()]) expect(bytes).not.toContain(text);

    // The demo answer is fixed, so two pictures of it show how much each draw varies.
    const device2 = sut.newDevice();
    const first = await sut.get(CAPTCHA_URL, { device_no: device2 });
    const second = await sut.get(CAPTCHA_URL, { device_no: device2 });
    expect(first.rawPayload.equals(second.rawPayload)).toBe(false);
    const [a, b] = [decodePng(first.rawPayload).rgb, decodePng(second.rawPayload).rgb];
    let differing = 0;
    for (let pixel = 0; pixel < a.length / 3; pixel++) if (luminance(a, pixel) !== luminance(b, pixel)) differing++;
    expect(differing / (a.length / 3)).toBeGreaterThan(0.5);
  });
});

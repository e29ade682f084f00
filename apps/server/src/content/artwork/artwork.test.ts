import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ASSET_VERSION } from '@jinb/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../db/schema';
import { seedDemoContent } from '../../seed/demo-seed';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { ARTWORK, artworkUrl, sourceHash } from './artwork.catalogue';
import { ARTWORK_DIR, readManifest } from './artwork.files';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: Buffer): [number, number] {
  expect(file.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [file.readUInt32BE(16), file.readUInt32BE(20)];
}

/** Width and height from a WebP's first chunk (lossy VP8, lossless VP8L or extended VP8X). */
function webpSize(file: Buffer): [number, number] {
  expect(file.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(file.subarray(8, 12).toString('latin1')).toBe('WEBP');
  const chunk = file.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8 ') return [file.readUInt16LE(26) & 0x3fff, file.readUInt16LE(28) & 0x3fff];
  if (chunk === 'VP8L') {
    const bits = file.readUInt32LE(21);
    return [(bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1];
  }
  expect(chunk).toBe('VP8X');
  return [file.readUIntLE(24, 3) + 1, file.readUIntLE(27, 3) + 1];
}

describe('the demo artwork files', () => {
  const manifest = readManifest();

  it('were generated from the drawings as they are now (else run `npm run artwork -w @jinb/server`)', () => {
    expect(Object.keys(manifest).sort()).toEqual(Object.keys(ARTWORK).sort());
    for (const [name, artwork] of Object.entries(ARTWORK))
      expect(manifest[name]?.source, name).toBe(sourceHash(artwork));
  });

  it('are WebP and PNG pictures of the size each piece is drawn at', () => {
    for (const [name, artwork] of Object.entries(ARTWORK)) {
      const webp = readFileSync(path.join(ARTWORK_DIR, `${name}.webp`));
      const png = readFileSync(path.join(ARTWORK_DIR, `${name}.png`));
      expect(webpSize(webp), name).toEqual([artwork.width, artwork.height]);
      expect(pngSize(png), name).toEqual([artwork.width, artwork.height]);
    }
  });

  it('stay light: a banner under 32 KB and a game tile under 8 KB as WebP', () => {
    for (const [name, entry] of Object.entries(manifest)) {
      const budget = name.startsWith('game-') || name.startsWith('group-') ? 8 * 1024 : 32 * 1024;
      expect(entry.webp, name).toBeLessThan(budget);
    }
  });
});

describe.each(testDatabases)('serving the artwork on %s', (kind) => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp(kind);
  });
  afterAll(async () => {
    await sut?.close();
  });

  const fetchImage = (url: string, accept: string) => sut.app.inject({ method: 'GET', url, headers: { accept } });

  it('sends WebP to a browser that accepts it and PNG to one that does not, from the same address', async () => {
    const url = artworkUrl('banner-welcome');
    expect(url).toBe(`/media/art/banner-welcome?${ASSET_VERSION}`);

    const modern = await fetchImage(url, 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8');
    expect(modern.statusCode).toBe(200);
    expect(modern.headers['content-type']).toBe('image/webp');
    expect(modern.headers.vary).toMatch(/accept/i);
    expect(modern.headers['cache-control']).toContain('immutable');
    expect(webpSize(modern.rawPayload)).toEqual([750, 300]);

    const older = await fetchImage(url, 'image/png,image/*;q=0.8,*/*;q=0.5');
    expect(older.headers['content-type']).toBe('image/png');
    expect(pngSize(older.rawPayload)).toEqual([750, 300]);
  });

  it('keeps an address with another version for a day only, and refuses names that are no picture', async () => {
    const stale = await fetchImage('/media/art/game-roulette?v=1', 'image/webp');
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['cache-control']).toBe('public, max-age=86400');
    expect((await fetchImage('/media/art/no-such-picture', 'image/webp')).statusCode).toBe(404);
    expect((await fetchImage('/media/art/..%2Fmanifest', 'image/webp')).statusCode).toBe(400);
    expect((await fetchImage('/media/art/manifest', 'image/webp')).statusCode).toBe(404);
  });

  it('gives every seeded game, group, banner, promotion and news item a picture that is served', async () => {
    const json = async (url: string) => (await sut.get(url)).json().data;
    const groups = await json('/api/findmed/v1/game/list');
    const home = await json('/api/findmed/v1/home/content');
    const promos = await json('/api/findmed/v1/promo/list?page=1&size=20');
    const news = await json('/api/findmed/v1/news/list?page=1&size=20');
    const urls: string[] = [
      ...groups.flatMap((group: { icon: string; games: Array<{ icon: string }> }) => [
        group.icon,
        ...group.games.map((game) => game.icon),
      ]),
      ...home.banners.map((banner: { image: string }) => banner.image),
      ...promos.list.map((promo: { image: string }) => promo.image),
      ...news.list.map((item: { image: string }) => item.image),
    ];
    expect(urls.length).toBeGreaterThan(50);
    for (const url of new Set(urls)) {
      expect(url).toMatch(new RegExp(`^/media/art/[a-z0-9-]+\\?${ASSET_VERSION}$`));
      const response = await fetchImage(url, 'image/webp,*/*');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('image/webp');
    }
  });

  it('moves a database seeded before the artwork onto it at the next start, leaving an operator picture alone', async () => {
    const db = sut.container.db;
    await db.update(games).set({ icon: '/media/demo/icon?t=x' });
    await db.update(games).set({ icon: '/uploads/0123456789abcdef0123456789abcdef.png' }).where(eq(games.id, 1002));
    await seedDemoContent(db, sut.container.config.site);
    const rows = await db.select({ id: games.id, icon: games.icon }).from(games);
    const icon = (id: number) => rows.find((row) => row.id === id)?.icon;
    expect(icon(1001)).toBe(artworkUrl('game-house-sport'));
    expect(icon(1013)).toBe(artworkUrl('game-roulette'));
    expect(icon(1002)).toBe('/uploads/0123456789abcdef0123456789abcdef.png');
  });
});

import { createHash } from 'node:crypto';
import { ASSET_VERSION } from '@jinb/contract';
import { BANNER_HEIGHT, BANNER_WIDTH, BANNERS, NEWS_HEIGHT, NEWS_IMAGES, NEWS_WIDTH } from './banners';
import { SPONSOR_HEIGHT, SPONSOR_IMAGES, SPONSOR_WIDTH } from './sponsors';
import { GROUP_ICON_SIZE, GROUP_ICONS, TILE_SIZE, TILES } from './tiles';

/**
 * The demo catalogue's artwork: every game tile, group icon, banner, promotion cover and news picture and sponsorship the demo seed
 * uses, drawn for this project as SVG (tiles.ts, banners.ts) and rasterised once by generate-artwork.cli.ts into
 * WebP and PNG under apps/server/media/art. The server sends WebP to browsers that accept it and PNG to the rest.
 */
export type Artwork = { width: number; height: number; svg: () => string };

function sized(drawings: Record<string, () => string>, width: number, height: number, prefix = '') {
  return Object.fromEntries(
    Object.entries(drawings).map(([name, svg]) => [`${prefix}${name}`, { width, height, svg } satisfies Artwork]),
  );
}

export const ARTWORK: Record<string, Artwork> = {
  ...sized(TILES, TILE_SIZE, TILE_SIZE, 'game-'),
  ...sized(GROUP_ICONS, GROUP_ICON_SIZE, GROUP_ICON_SIZE),
  ...sized(BANNERS, BANNER_WIDTH, BANNER_HEIGHT),
  ...sized(NEWS_IMAGES, NEWS_WIDTH, NEWS_HEIGHT),
  ...sized(SPONSOR_IMAGES, SPONSOR_WIDTH, SPONSOR_HEIGHT),
};

export function sourceHash(artwork: Artwork): string {
  return createHash('sha256').update(artwork.svg()).digest('hex').slice(0, 16);
}

/** The URL a seeded row stores: one address for both formats, with the spec's asset version query. */
export function artworkUrl(name: string): string {
  if (!ARTWORK[name]) throw new Error(`no artwork named ${name}`);
  return `/media/art/${name}?${ASSET_VERSION}`;
}

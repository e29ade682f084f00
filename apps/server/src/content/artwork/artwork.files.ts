import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The rasterised artwork (see generate-artwork.cli.ts): `<name>.webp`, `<name>.png` and manifest.json. */
export const ARTWORK_DIR = fileURLToPath(new URL('../../../media/art/', import.meta.url));
export const ARTWORK_MANIFEST = path.join(ARTWORK_DIR, 'manifest.json');

/** What the generator wrote for one piece: its size, the hash of the SVG it drew and the bytes of each format. */
export type ManifestEntry = { width: number; height: number; source: string; webp: number; png: number };
export type ArtworkFormat = 'webp' | 'png';

export function readManifest(): Record<string, ManifestEntry> {
  return JSON.parse(readFileSync(ARTWORK_MANIFEST, 'utf8'));
}

/**
 * Reads each file once and keeps it: the whole set is a few hundred KB, and a name is only looked up when the
 * manifest lists it, so a request can never name a path of its own.
 */
export function createArtworkFiles() {
  const manifest = readManifest();
  const cache = new Map<string, Promise<Buffer>>();
  return {
    has: (name: string) => Object.hasOwn(manifest, name),
    read(name: string, format: ArtworkFormat): Promise<Buffer> {
      const key = `${name}.${format}`;
      let file = cache.get(key);
      if (!file) {
        file = readFile(path.join(ARTWORK_DIR, key));
        cache.set(key, file);
        file.catch(() => cache.delete(key));
      }
      return file;
    },
  };
}

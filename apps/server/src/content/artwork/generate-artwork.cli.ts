/**
 * Rasterises the demo artwork (artwork.catalogue.ts) into WebP and PNG under apps/server/media/art and records what
 * it drew in manifest.json. Run it after changing a drawing: `npm run artwork -w @jinb/server`. The banners' Chinese
 * headlines are drawn with Noto Sans CJK (Debian: fonts-noto-cjk), so the images look the same whoever builds them.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ARTWORK, sourceHash } from './artwork.catalogue';
import { ARTWORK_DIR, ARTWORK_MANIFEST, type ManifestEntry } from './artwork.files';

function requireCjkFont() {
  let families = '';
  try {
    families = execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' });
  } catch {
    // No fontconfig at all: the check below says what to install.
  }
  if (!families.includes('Noto Sans CJK SC')) {
    console.error('The banners need the Noto Sans CJK font: apt-get install fonts-noto-cjk');
    process.exit(1);
  }
}

async function main() {
  requireCjkFont();
  mkdirSync(ARTWORK_DIR, { recursive: true });
  const manifest: Record<string, ManifestEntry> = {};
  for (const [name, artwork] of Object.entries(ARTWORK).sort(([a], [b]) => a.localeCompare(b))) {
    const image = sharp(Buffer.from(artwork.svg()));
    const meta = await image.metadata();
    if (meta.width !== artwork.width || meta.height !== artwork.height)
      throw new Error(`${name} draws ${meta.width}x${meta.height}, not ${artwork.width}x${artwork.height}`);
    const webp = await image.clone().webp({ quality: 80, effort: 6, smartSubsample: true }).toBuffer();
    const png = await image.clone().png({ palette: true, quality: 92, effort: 10, compressionLevel: 9 }).toBuffer();
    writeFileSync(path.join(ARTWORK_DIR, `${name}.webp`), webp);
    writeFileSync(path.join(ARTWORK_DIR, `${name}.png`), png);
    manifest[name] = {
      width: artwork.width,
      height: artwork.height,
      source: sourceHash(artwork),
      webp: webp.length,
      png: png.length,
    };
  }
  for (const file of readdirSync(ARTWORK_DIR)) {
    const name = file.replace(/\.(webp|png)$/, '');
    if (file !== 'manifest.json' && !manifest[name]) rmSync(path.join(ARTWORK_DIR, file));
  }
  writeFileSync(ARTWORK_MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
  const total = (format: 'webp' | 'png') => Object.values(manifest).reduce((sum, entry) => sum + entry[format], 0);
  console.log(
    `${Object.keys(manifest).length} pieces: ${Math.round(total('webp') / 1024)} KB WebP, ${Math.round(total('png') / 1024)} KB PNG`,
  );
}

await main();

import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { BookClock } from './book-clock';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** One answer of the catalogue as it goes on the wire: the envelope's JSON, compressed both ways, and its ETag. */
export type CataloguePage = {
  /** The book clock it was built at. */
  version: bigint;
  /** When time alone changes it (an event's start passes, the platform day ends); Infinity for never. */
  validUntil: number;
  etag: string;
  json: Buffer;
  gzip: Buffer;
  brotli: Buffer;
};

/** Pages kept per process (each a few kB to 150 kB before compression). */
const MAX_PAGES = 500;

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;

/**
 * The catalogue built once per change of the book and served to every visitor from memory (issue 20: the event list
 * cost 20-37 ms and 150 kB a call, and 50 concurrent calls from one client slowed everyone's bets tenfold). A page
 * is kept with the book clock it was built at and answers while the clock has not moved and its time has not run
 * out; otherwise the next request builds it again, once, however many ask at the same moment. Compressed once at
 * build (gzip and brotli), with an ETag for a 304.
 */
export function createCatalogueCache(deps: { clock: BookClock; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const pages = new LRUCache<string, CataloguePage>({ max: MAX_PAGES });
  const building = new Map<string, Promise<CataloguePage>>();

  async function build(
    key: string,
    version: bigint,
    make: () => Promise<{ data: unknown; validUntil: number }>,
  ): Promise<CataloguePage> {
    const made = await make();
    const json = Buffer.from(JSON.stringify({ status: true, data: made.data }));
    const [gzipped, brotli] = await Promise.all([
      gzipAsync(json, { level: 6 }),
      brotliAsync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    ]);
    const hash = createHash('sha256').update(json).digest('base64url').slice(0, 22);
    const page: CataloguePage = {
      version,
      validUntil: made.validUntil,
      etag: `"${hash}"`,
      json,
      gzip: gzipped,
      brotli,
    };
    const current = pages.get(key);
    if (!current || current.version <= version) pages.set(key, page);
    return page;
  }

  return {
    /**
     * The page for `key`, built by `make` when the cached one is older than the book or out of time. The clock is
     * read before `make` reads the book, so a page is never labelled newer than what it shows.
     */
    async page(key: string, make: () => Promise<{ data: unknown; validUntil: number }>): Promise<CataloguePage> {
      const version = await deps.clock.now();
      const cached = pages.get(key);
      if (cached && cached.version >= version && now() < cached.validUntil) return cached;
      const flight = `${key}@${version}`;
      let pending = building.get(flight);
      if (!pending) {
        pending = build(key, version, make).finally(() => building.delete(flight));
        building.set(flight, pending);
      }
      return pending;
    },

    /** How many pages are kept (tests, metrics). */
    get size() {
      return pages.size;
    },
  };
}

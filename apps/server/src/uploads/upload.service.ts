import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../shared/app-error';

type ImageKind = 'png' | 'jpg' | 'gif' | 'webp';

/** The file's own first bytes decide what it is; the name and the declared type are not trusted. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

export type UploadService = ReturnType<typeof createUploadService>;

export function createUploadService(options: { dir: string; maxBytes: number }) {
  mkdirSync(options.dir, { recursive: true });
  return {
    dir: options.dir,
    maxBytes: options.maxBytes,
    /** Stores an image under a random name and returns its public URL. */
    async saveImage(bytes: Buffer): Promise<{ url: string }> {
      if (bytes.length === 0) throw new AppError('UNSUPPORTED_FILE');
      if (bytes.length > options.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
      const kind = sniffImage(bytes);
      if (!kind) throw new AppError('UNSUPPORTED_FILE');
      const name = `${randomBytes(16).toString('hex')}.${kind}`;
      await writeFile(path.join(options.dir, name), bytes, { mode: 0o644 });
      return { url: `/uploads/${name}` };
    },
  };
}

import { open } from 'node:fs/promises';
import path from 'node:path';
import { FEEDBACK_IMAGES_MAX, UPLOADED_IMAGE_URL } from '@jinb/contract';
import { AppError } from '../shared/app-error';
import { sniffImage } from '../uploads/upload.service';

/**
 * Checks that every image a feedback names is one of our uploads: the path `/api/f/v1/upload` answers (no other
 * host, no other folder), a file that is there, no larger than an upload may be, and whose own first bytes say it is
 * an image (what the upload checked; checked again, as the folder is shared storage). Any failure is
 * FEEDBACK_IMAGES_INVALID, whichever image it was.
 */
export function createFeedbackImages(uploads: { dir: string; maxBytes: number }) {
  async function isImage(url: string): Promise<boolean> {
    if (!UPLOADED_IMAGE_URL.test(url)) return false;
    const file = path.join(uploads.dir, path.basename(url));
    let handle: Awaited<ReturnType<typeof open>> | undefined;
    try {
      handle = await open(file, 'r');
      const stat = await handle.stat();
      if (!stat.isFile() || stat.size === 0 || stat.size > uploads.maxBytes) return false;
      const head = Buffer.alloc(16);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      const kind = sniffImage(head.subarray(0, bytesRead));
      return kind !== null && url.endsWith(`.${kind}`);
    } catch {
      return false;
    } finally {
      await handle?.close();
    }
  }

  return {
    async check(urls: readonly string[]): Promise<void> {
      if (urls.length > FEEDBACK_IMAGES_MAX || new Set(urls).size !== urls.length) {
        throw new AppError('FEEDBACK_IMAGES_INVALID');
      }
      const results = await Promise.all(urls.map(isImage));
      if (results.includes(false)) throw new AppError('FEEDBACK_IMAGES_INVALID');
    },
  };
}

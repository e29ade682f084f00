import { CLIENT_D, HEADER, sitePaths } from '@jinb/contract';
import { ApiError } from '../../../shared/api/client';
import { clientLocale } from '../../../shared/api/client.locale';
import { LANG } from '../../../shared/config';
import { useSession } from '../../../shared/session/session-store';
import { deviceId } from '../../../shared/session/storage';

/** What the server takes (uploads/upload.service.ts sniffs the bytes again, and refuses over 2 MB): checked first. */
export const CHAT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const CHAT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export function imageProblem(file: File): 'imageNotImage' | 'imageTooLarge' | null {
  if (!CHAT_IMAGE_TYPES.includes(file.type)) return 'imageNotImage';
  if (file.size > CHAT_IMAGE_MAX_BYTES) return 'imageTooLarge';
  return null;
}

/**
 * The same `upload` call the avatar makes (the site's headers, the member's token, the envelope), through
 * XMLHttpRequest because fetch cannot report an upload's progress. Resolves with the image's URL.
 */
export function uploadImage(file: File, onProgress: (percent: number) => void): Promise<string> {
  const failed = (reason: 'NETWORK' | 'TIMEOUT' | 'RETRY') => clientLocale[LANG][reason];
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', new URL(sitePaths.upload, location.origin).toString());
    xhr.setRequestHeader(HEADER.d, CLIENT_D);
    xhr.setRequestHeader(HEADER.lang, LANG);
    xhr.setRequestHeader(HEADER.deviceNo, deviceId());
    const token = useSession.getState().token;
    if (token) xhr.setRequestHeader(HEADER.token, token);
    xhr.timeout = 60_000;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let envelope: { status?: unknown; data?: unknown; code?: string } | null = null;
      try {
        envelope = JSON.parse(xhr.responseText);
      } catch {
        // not the envelope: a proxy's page
      }
      const url = (envelope?.data as { url?: unknown } | undefined)?.url;
      if (envelope?.status && typeof url === 'string') {
        onProgress(100);
        resolve(url);
        return;
      }
      const message = typeof envelope?.data === 'string' && envelope.data ? envelope.data : failed('RETRY');
      reject(new ApiError(message, (envelope?.code as ApiError['code']) ?? 'INTERNAL', xhr.status));
    };
    xhr.onerror = () => reject(new ApiError(failed('NETWORK'), 'NETWORK'));
    xhr.ontimeout = () => reject(new ApiError(failed('TIMEOUT'), 'TIMEOUT'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

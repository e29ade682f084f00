import { CLIENT_D, HEADER, type SitePathName, sitePaths } from '@jinb/contract';
import { LANG } from '../config';
import { useSession } from '../session/session-store';
import { deviceId } from '../session/storage';
import { ApiError } from './client';
import { clientLocale } from './client.locale';

/**
 * A call that answers a file rather than the envelope (the statement's CSV), with the headers every call carries
 * (d, lang, device_no, t). A refusal still comes as the envelope, and its message is what the member is told.
 */
export async function download(
  name: SitePathName,
  query: Record<string, string | number> = {},
  signal?: AbortSignal,
): Promise<Blob> {
  const url = new URL(sitePaths[name], location.origin);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = {
    [HEADER.d]: CLIENT_D,
    [HEADER.lang]: LANG,
    [HEADER.deviceNo]: deviceId(),
  };
  const { token } = useSession.getState();
  if (token) headers[HEADER.token] = token;
  let response: Response;
  try {
    response = await fetch(url, { headers, signal });
  } catch {
    throw new ApiError(clientLocale[LANG].NETWORK, 'NETWORK');
  }
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    const envelope = (await response.json().catch(() => ({}))) as { data?: unknown; code?: ApiError['code'] };
    const message = typeof envelope.data === 'string' && envelope.data ? envelope.data : clientLocale[LANG].RETRY;
    throw new ApiError(message, envelope.code ?? 'INTERNAL', response.status);
  }
  if (!response.ok) throw new ApiError(clientLocale[LANG].RETRY, 'INTERNAL', response.status);
  return response.blob();
}

/** Hands a file to the browser's download (a Blob behind an object URL, clicked through `<a download>`). */
export function saveFile(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; revoking later lets slow browsers finish reading it.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

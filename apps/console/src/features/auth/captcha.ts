import { paths } from '@jinb/contract';
import { consoleHeaders } from '../../shared/api/call';

/**
 * A new captcha image for this browser's device id (the server keeps its answer under that id and checks it at
 * sign-in), as an object URL the caller revokes when it fetches the next one.
 */
export async function fetchCaptcha(): Promise<string> {
  const url = new URL(paths.captcha, location.origin);
  url.searchParams.set('_', String(Date.now()));
  const response = await fetch(url, { headers: consoleHeaders(), cache: 'no-store' });
  if (!response.ok) throw new Error(`captcha ${response.status}`);
  return URL.createObjectURL(await response.blob());
}

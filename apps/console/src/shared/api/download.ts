import { paths } from '@jinb/contract';
import type { EndpointName } from '@jinb/contract/endpoints';
import { ConsoleApiError, consoleHeaders, fillPath, readEnvelope, searchParams, send } from './call';
import { apiMessages } from './messages';

/**
 * Fetches an export (a CSV the server builds from the same filters as the list) with the operator's token and saves
 * it as `fileName`. A refusal comes back as the usual JSON envelope and is thrown like any call's.
 */
export async function downloadCsv(
  name: EndpointName,
  query: Record<string, unknown>,
  fileName: string,
  params?: Record<string, unknown>,
): Promise<void> {
  const template = (paths as Record<string, string>)[name];
  if (!template) throw new Error(`no path for ${name}`);
  const url = new URL(fillPath(template, params), location.origin);
  url.search = searchParams(query).toString();
  const response = await send(url.toString(), { method: 'GET', headers: consoleHeaders() });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    await readEnvelope(response);
    throw new ConsoleApiError(apiMessages.downloadFailed, 'BAD_RESPONSE', response.status);
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}

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
  saveBlob(await response.blob(), fileName);
}

/** A number as a spreadsheet should keep it: a negative amount is data, not a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break. A text a spreadsheet would run as
 * a formula (a leading = + - @, or a tab or carriage return before one) gets a leading quote, so an account name
 * or a member's text cannot run in the operator's Excel.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV of a header and rows, CRLF line ends, with a BOM first so Excel reads the Chinese text as UTF-8. */
export function csvText(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Saves a CSV built in the browser (the rows on screen, a batch's codes) as `fileName`. */
export function saveCsv(fileName: string, text: string): void {
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}

function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start reading the file only after the click has returned.
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}

/** A CSV of the rows shown (RFC 4180 quoting), with a BOM so Excel opens the Chinese text as UTF-8. */
export function rowsToCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const cell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  // A leading = + - @ would be read as a formula by a spreadsheet: prefix it with a quote.
  const safe = (value: string) => cell(/^[=+\-@]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value);
  return `\uFEFF${[header, ...rows].map((row) => row.map(safe).join(',')).join('\r\n')}\r\n`;
}

export function saveCsv(fileName: string, text: string): void {
  const href = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}

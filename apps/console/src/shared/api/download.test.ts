import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvCell, csvText, saveCsv } from './download';

describe('a CSV cell', () => {
  it('quotes a comma, a quote and a line break, doubling the quotes inside', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\none')).toBe('"line\none"');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
    expect(csvCell('张三')).toBe('张三');
    expect(csvCell(12)).toBe('12');
  });

  it('defuses what a spreadsheet would run as a formula, but keeps a negative amount a number', () => {
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('+86 138')).toBe("'+86 138");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('-1+cmd|calc')).toBe("'-1+cmd|calc");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    expect(csvCell('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"');
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell(-3)).toBe('-3');
  });
});

describe('a CSV text', () => {
  it('starts with a BOM so Excel reads Chinese as UTF-8, and ends each line with CRLF', () => {
    const csv = csvText(
      ['账号', '姓名'],
      [
        ['a,b', '=SUM(A1)'],
        ['say "hi"', '-12.50'],
      ],
    );
    expect(csv).toBe('\uFEFF账号,姓名\r\n"a,b",\'=SUM(A1)\r\n"say ""hi""",-12.50\r\n');
  });

  it('is the header alone when there are no rows', () => {
    expect(csvText(['兑换码'], [])).toBe('\uFEFF兑换码\r\n');
  });
});

describe('saving a CSV', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('clicks a download link named by the file, holding the text as UTF-8 CSV, and frees it afterwards', async () => {
    vi.useFakeTimers();
    let saved: Blob | undefined;
    const create = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:csv';
    });
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    let clicked: HTMLAnchorElement | undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked = this;
    });

    saveCsv('codes-7.csv', csvText(['兑换码'], [['ABCDEFGHJK']]));

    expect(clicked?.download).toBe('codes-7.csv');
    expect(clicked?.getAttribute('href')).toBe('blob:csv');
    expect(clicked?.isConnected).toBe(false);
    expect(saved?.type).toBe('text/csv;charset=utf-8');
    expect(new Uint8Array(await (saved as Blob).arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(revoke).toHaveBeenCalledWith('blob:csv');
  });
});

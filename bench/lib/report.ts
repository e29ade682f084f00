import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A number from the environment, bounded so a typo cannot start an endless or enormous run. */
export function envNumber(name: string, fallback: number, bounds: { min: number; max: number }): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < bounds.min || value > bounds.max) {
    throw new Error(`${name} must be a number from ${bounds.min} to ${bounds.max}, got "${raw}"`);
  }
  return value;
}

export function fixed(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

/** A plain text table; the first row is the header. */
export function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  rows.forEach((row, index) => {
    console.log(
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('  '),
    );
    if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  });
}

/** One PASS/FAIL line per target. Returns whether it passed; callers decide whether that changes the exit code. */
export function verdict(label: string, passed: boolean, detail: string): boolean {
  console.log(`${passed ? 'PASS' : 'FAIL'}  ${label}: ${detail}`);
  return passed;
}

export function machine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  return `${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${load}`;
}

/** The latest figures as JSON in bench/results (git-ignored), for comparing runs. */
export function saveResults(name: string, results: unknown): void {
  const dir = path.resolve(import.meta.dirname, '../results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), machine: machine(), results }, null, 2)}\n`);
  console.log(`results written to ${path.relative(process.cwd(), file)}`);
}

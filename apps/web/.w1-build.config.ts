import { existsSync } from 'node:fs';
import path from 'node:path';
import { mergeConfig, type Plugin } from 'vite';
import base from './vite.config.ts';

// Temporary (W1 screenshots only): pages another helper has listed but not written yet resolve to an empty page.
const stubMissing: Plugin = {
  name: 'w1-stub-missing-pages',
  enforce: 'pre',
  resolveId(source, importer) {
    if (!importer || !source.startsWith('../features/')) return null;
    if (/features\/(cards|finance|records)\//.test(source)) return `\0stub:${source}`;
    const file = path.resolve(path.dirname(importer), source);
    if (['.tsx', '.ts'].some((ext) => existsSync(file + ext))) return null;
    return `\0stub:${source}`;
  },
  load(id) {
    return id.startsWith('\0stub:') ? 'export default function Missing() { return null; }' : null;
  },
};

export default (env: { mode: string; command: 'build' | 'serve' }) =>
  mergeConfig((base as (e: typeof env) => object)(env), { plugins: [stubMissing] });

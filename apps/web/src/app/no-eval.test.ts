import { describe, expect, it } from 'vitest';
import './no-eval';

describe('zod under the CSP', () => {
  it('parses without compiling, so it never probes eval', async () => {
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});

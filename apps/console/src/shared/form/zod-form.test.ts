import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ConsoleApiError } from '../api/call';
import { submitChecked } from './zod-form';

const shown: string[] = [];
vi.mock('../ui/antd-app', () => ({
  antdApi: () => ({ message: { error: (text: string) => shown.push(text) } }),
}));

const schema = z.object({ reason: z.string().min(1) });
const form = { setFields: vi.fn() };

afterEach(() => {
  shown.length = 0;
  form.setFields.mockReset();
  vi.restoreAllMocks();
});

describe('submitChecked', () => {
  it('marks the failing field and sends nothing when the values do not pass the contract', async () => {
    const send = vi.fn();
    const done = await submitChecked(form as never, schema, { reason: '' }, send);
    expect(done).toBe(false);
    expect(send).not.toHaveBeenCalled();
    expect(form.setFields).toHaveBeenCalledWith([{ name: ['reason'], errors: ['此项必填'] }]);
  });

  it("answers false and shows the server's message on a refusal", async () => {
    const done = await submitChecked(form as never, schema, { reason: '超额' }, async () => {
      throw new ConsoleApiError('余额不足', 'BAD_RESPONSE', 400);
    });
    expect(done).toBe(false);
    expect(shown).toEqual(['余额不足']);
  });

  it('answers false with a plain message, rather than throwing, when something else fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const done = submitChecked(form as never, schema, { reason: '备注' }, async () => {
      throw new TypeError('onDone is not a function');
    });
    await expect(done).resolves.toBe(false);
    expect(shown).toEqual(['操作失败，请稍后重试']);
  });

  it('answers true once sent', async () => {
    const send = vi.fn(async () => {});
    expect(await submitChecked(form as never, schema, { reason: '备注' }, send)).toBe(true);
    expect(send).toHaveBeenCalledWith({ reason: '备注' });
  });
});

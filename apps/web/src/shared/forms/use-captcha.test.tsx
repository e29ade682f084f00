import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { CAPTCHA_RETRY_DELAYS_MS, useCaptcha } from './use-captcha';

const requestBlob = vi.hoisted(() => vi.fn<() => Promise<Blob>>());
vi.mock('../api/client', async (original) => ({ ...(await original<object>()), requestBlob }));

const shed = () => new ApiError('busy', 'INTERNAL', 503);
const image = () => new Blob(['png'], { type: 'image/png' });

describe('the captcha image', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    requestBlob.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('is fetched again when a busy server sheds the request, and shows once it comes', async () => {
    requestBlob.mockRejectedValueOnce(shed()).mockResolvedValueOnce(image());
    const { result } = renderHook(() => useCaptcha());
    await act(async () => {});
    expect(result.current.status).toBe('loading');
    await act(() => vi.advanceTimersByTimeAsync(CAPTCHA_RETRY_DELAYS_MS[0]));
    expect(requestBlob).toHaveBeenCalledTimes(2);
    expect(result.current.status).toBe('ready');
    expect(result.current.src).not.toBeNull();
  });

  it('says it failed after the retries, and a refusal that is not about load is not retried', async () => {
    requestBlob.mockRejectedValue(shed());
    const { result } = renderHook(() => useCaptcha());
    for (const pause of CAPTCHA_RETRY_DELAYS_MS) await act(() => vi.advanceTimersByTimeAsync(pause));
    await act(async () => {});
    expect(requestBlob).toHaveBeenCalledTimes(CAPTCHA_RETRY_DELAYS_MS.length + 1);
    expect(result.current.status).toBe('error');

    requestBlob.mockReset().mockRejectedValue(new ApiError('no', 'INTERNAL', 400));
    act(() => result.current.refresh());
    await act(async () => {});
    expect(requestBlob).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('error');
  });
});

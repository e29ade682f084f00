import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { operatorToken } from '../shared/session/session';
import { IdleGuard } from './IdleGuard';

function renderGuard() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <IdleGuard idleMinutes={2} />
    </QueryClientProvider>,
  );
}

describe('the idle sign-out', () => {
  // The call client loads the endpoint table with its first call; loaded here, off the fake clock.
  beforeAll(async () => {
    await import('@jinb/contract/endpoints');
  });
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    operatorToken.set('tok-idle');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: true, data: { ended: 1 } }))),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    operatorToken.clear();
  });

  it('counts down the last minute, and input starts the wait again', async () => {
    renderGuard();
    await act(async () => vi.advanceTimersByTimeAsync(59_000));
    expect(screen.queryByText(/秒后将自动退出登录/)).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByText(/秒后将自动退出登录/).textContent).toContain('59 秒');
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown'));
    });
    // Without that input the session would have ended at 120 s; it now ends 120 s after the input (61 s).
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(operatorToken.get()).toBe('tok-idle');
    await act(async () => vi.advanceTimersByTimeAsync(62_000));
    expect(operatorToken.get()).toBe('');
  });

  it('signs out when the time is up', async () => {
    renderGuard();
    await act(async () => vi.advanceTimersByTimeAsync(121_000));
    expect(operatorToken.get()).toBe('');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledOnce(), { timeout: 10_000 });
  });
});

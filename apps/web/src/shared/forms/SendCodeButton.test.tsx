import '../i18n/i18n';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { SendCodeButton } from './SendCodeButton';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const button = () => screen.getByRole('button') as HTMLButtonElement;

describe('SendCodeButton', () => {
  test('When a code is sent, then the button counts the cooldown down and is usable again at the end', async () => {
    const onSend = vi.fn(async () => 60);
    render(<SendCodeButton onSend={onSend} />);
    expect(button().textContent).toBe('获取验证码');

    await act(async () => {
      fireEvent.click(button());
    });

    expect(onSend).toHaveBeenCalledTimes(1);
    expect(button().textContent).toBe('60秒后重发');
    expect(button().disabled).toBe(true);

    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    expect(button().textContent).toBe('59秒后重发');

    fireEvent.click(button());
    expect(onSend).toHaveBeenCalledTimes(1);

    await act(async () => {
      vi.advanceTimersByTime(59_000);
    });
    expect(button().textContent).toBe('获取验证码');
    expect(button().disabled).toBe(false);
  });

  test('When sending fails, then there is no countdown and the member can try again', async () => {
    const onSend = vi.fn(async () => {
      throw new Error('获取验证码失败');
    });
    render(<SendCodeButton onSend={onSend} />);

    await act(async () => {
      fireEvent.click(button());
    });

    expect(button().textContent).toBe('获取验证码');
    expect(button().disabled).toBe(false);
  });
});

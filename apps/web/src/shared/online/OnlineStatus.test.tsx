import { act, render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { OnlineStatus } from './OnlineStatus';

test('When the connection drops and returns, then the member is told each time and nothing else is drawn', async () => {
  const { container } = render(<OnlineStatus />);
  expect(container.innerHTML).toBe('');

  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
  expect(await screen.findByText('网络连接已断开')).toBeTruthy();

  act(() => {
    window.dispatchEvent(new Event('online'));
  });
  expect(await screen.findByText('网络已恢复')).toBeTruthy();
});

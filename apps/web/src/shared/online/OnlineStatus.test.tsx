import { act, render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { preloadToast } from '../ui/toast';
import { OnlineStatus } from './OnlineStatus';

test('When the connection drops and returns, then the member is told each time and nothing else is drawn', async () => {
  // The site loads the toast code while the connection is up (see OnlineStatus); a cold import in the test runner
  // can take longer than a findBy waits.
  await preloadToast();
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

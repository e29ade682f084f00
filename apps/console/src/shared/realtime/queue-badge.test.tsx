import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearQueues, reportQueue, useQueueCount } from './queues';

describe('a page’s queue count', () => {
  afterEach(() => clearQueues());

  it('re-renders the badge whose count changed and no other, and nothing around them', () => {
    const renders = { withdrawals: 0, supportChat: 0, around: 0 };
    function Count({ page }: { page: 'withdrawals' | 'supportChat' }) {
      renders[page] += 1;
      return <span data-testid={page}>{useQueueCount(page)}</span>;
    }
    function Menu() {
      renders.around += 1;
      return (
        <>
          <Count page="withdrawals" />
          <Count page="supportChat" />
        </>
      );
    }
    const view = render(<Menu />);
    act(() => reportQueue('withdrawals', 2));
    act(() => reportQueue('withdrawals', 3));
    expect(view.getByTestId('withdrawals').textContent).toBe('3');
    expect(view.getByTestId('supportChat').textContent).toBe('0');
    expect(renders).toEqual({ withdrawals: 3, supportChat: 1, around: 1 });
  });
});

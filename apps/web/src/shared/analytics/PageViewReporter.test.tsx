import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, test, vi } from 'vitest';
import { PageViewReporter } from './PageViewReporter';

const reportPageView = vi.hoisted(() => vi.fn());
vi.mock('./analytics', () => ({ reportPageView }));

test('When the app starts and then moves between pages, then each page is reported once with where it came from', async () => {
  const router = createMemoryRouter([{ path: '*', element: <PageViewReporter /> }], {
    initialEntries: ['/app/home?i_code=A'],
  });
  render(<RouterProvider router={router} />);
  expect(reportPageView).toHaveBeenCalledWith('/app/home?i_code=A', document.referrer);

  await act(() => router.navigate('/find'));
  expect(reportPageView).toHaveBeenLastCalledWith('/find', `${location.origin}/app/home?i_code=A`);
  expect(reportPageView).toHaveBeenCalledTimes(2);
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, parsePath, Route, Routes, useLocation } from 'react-router';

/** Shows where the app navigated to, for assertions. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

type RenderOptions = {
  route?: string;
  path?: string;
  /** History state of the first entry, as a page that navigated here with `state` leaves it. */
  state?: unknown;
  /** More pages the test follows the member to (a form's success page); every other path shows a LocationProbe. */
  routes?: ReadonlyArray<{ path: string; element: ReactElement }>;
};

/** Renders one page at `route` with a fresh query cache; any other path shows a LocationProbe. */
export function renderPage(
  page: ReactElement,
  { route = '/', path = route.split('?')[0]!, state, routes = [] }: RenderOptions = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[{ ...parsePath(route), state }]}>
        <Routes>
          <Route path={path} element={page} />
          {routes.map((extra) => (
            <Route key={extra.path} path={extra.path} element={extra.element} />
          ))}
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

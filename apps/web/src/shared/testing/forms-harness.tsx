import '../i18n/i18n';
import { api } from '@jinb/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { unstableSetRender } from 'antd-mobile';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { useSession } from '../session/session-store';

// As in main.tsx: antd-mobile's Toast and Dialog mount their own roots, which React 19 needs spelled out.
type Host = (Element | DocumentFragment) & { __testRoot?: Root };
unstableSetRender((node, container) => {
  const host = container as Host;
  host.__testRoot ??= createRoot(container);
  host.__testRoot.render(node);
  return async () => {
    host.__testRoot?.unmount();
    delete host.__testRoot;
  };
});

export const ok = (data: unknown) => HttpResponse.json({ status: true, data });
export const fail = (data: string, code: string, status = 400) =>
  HttpResponse.json({ status: false, data, code }, { status });

/** The server sends the captcha as a PNG; a 1 x 1 one is enough for the page to show a picture. */
const CAPTCHA_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (char) => char.charCodeAt(0),
);

/** How many captcha images the page asked for, so tests can tell a refresh happened. */
export const captchaRequests = { count: 0 };

/** The calls every sign-in form makes while it loads; tests add the one under test with server.use(). */
export function baseHandlers(publicKey: string) {
  return [
    http.get(api.publicKey, () => ok({ key: publicKey })),
    http.get(api.captcha, () => {
      captchaRequests.count++;
      return new HttpResponse(CAPTCHA_PNG, { headers: { 'content-type': 'image/png' } });
    }),
    http.get(api.phoneArea, () => ok([{ area: '86', name: '中国大陆', pattern: '^1\\d{10}$' }])),
    http.get(api.balance, () => ok({ balance: '0.0000', currency: 'CNY', symbol: '¥' })),
    http.get(api.messageNum, () => ok({ count: 0 })),
  ];
}

export const server = setupServer();

export function resetSession(): void {
  useSession.getState().logout();
  sessionStorage.clear();
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders one page at `url` inside the providers the app gives it, with any more pages the test follows the member
 * to (`routes`); any other path shows where we went.
 */
export function renderPage(
  page: ReactElement,
  {
    path,
    url = path,
    routes = [],
  }: { path: string; url?: string; routes?: ReadonlyArray<{ path: string; element: ReactElement }> },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path, element: page }, ...routes, { path: '*', element: <LocationProbe /> }], {
    initialEntries: [url],
  });
  return {
    router,
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  };
}

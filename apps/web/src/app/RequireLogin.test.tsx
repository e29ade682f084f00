import { render, screen } from '@testing-library/react';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../shared/paths';
import { useSession } from '../shared/session/session-store';
import { LocationProbe } from '../shared/testing/render';
import { RequireLogin, WithdrawOnlyGuard } from './RequireLogin';

/** As the route table nests them: the guard over every route (RootLayout), RequireLogin over the member pages. */
function renderAt(route: string) {
  render(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route
          element={
            <WithdrawOnlyGuard>
              <Outlet />
            </WithdrawOnlyGuard>
          }
        >
          <Route path={paths.home} element={<p>home page</p>} />
          <Route element={<RequireLogin />}>
            <Route path={paths.setting} element={<p>settings page</p>} />
            <Route path={paths.withdraw} element={<p>withdraw page</p>} />
          </Route>
          <Route path="*" element={<LocationProbe />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  useSession.getState().logout();
});

test('When logged out, then a member page sends the visitor to login with a way back', () => {
  renderAt(`${paths.setting}?tab=2`);
  expect(screen.getByTestId('location').textContent).toBe(
    `${paths.login}?redirect=${encodeURIComponent('/setting?tab=2')}`,
  );
});

test('When logged in, then the member page shows', () => {
  useSession.getState().setToken('tok');
  renderAt(paths.setting);
  expect(screen.getByText('settings page')).toBeTruthy();
});

describe('a withdrawal-only session', () => {
  beforeEach(() => {
    useSession.getState().startWithdrawOnly('withdraw-token', '2026-11-26T12:15:00.000Z');
  });

  test.each([
    ['a member page', paths.setting],
    ['a public page', paths.home],
    ['the login page', paths.login],
    ['an address that is no page', '/nowhere'],
  ])('When it opens %s, then the withdraw page shows instead', (_, route) => {
    renderAt(route);
    expect(screen.getByText('withdraw page')).toBeTruthy();
    expect(screen.queryByText('settings page')).toBeNull();
    expect(screen.queryByText('home page')).toBeNull();
  });

  test('When the member leaves it, then every page is theirs again', () => {
    useSession.getState().logout({ byMember: true });
    renderAt(paths.home);
    expect(screen.getByText('home page')).toBeTruthy();
    expect(sessionStorage.getItem('wo')).toBeNull();
  });

  test('When a full session signs in after it ended, then the pages are not redirected', () => {
    useSession.getState().logout();
    useSession.getState().setToken('full-token');
    renderAt(paths.setting);
    expect(screen.getByText('settings page')).toBeTruthy();
  });
});

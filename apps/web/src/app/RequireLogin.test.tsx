import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, expect, test } from 'vitest';
import { paths } from '../shared/paths';
import { useSession } from '../shared/session/session-store';
import { LocationProbe } from '../shared/testing/render';
import { RequireLogin } from './RequireLogin';

function renderAt(route: string) {
  render(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route element={<RequireLogin />}>
          <Route path={paths.setting} element={<p>settings page</p>} />
        </Route>
        <Route path="*" element={<LocationProbe />} />
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

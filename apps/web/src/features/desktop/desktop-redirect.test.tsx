import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../shared/paths';
import { LocationProbe } from '../../shared/testing/render';
import { DesktopRedirect, desktopHomeTarget, resetStayMobileForTests } from './desktop-redirect';
import type { DeviceTraits } from './device';
import { mobileHomeUrl } from './routes/DesktopHomePage';

const CHROME_DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const desktop: DeviceTraits = { userAgent: CHROME_DESKTOP, maxTouchPoints: 0, viewportWidth: 1280 };
const iphone: DeviceTraits = {
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  maxTouchPoints: 5,
  viewportWidth: 390,
};

beforeEach(() => {
  resetStayMobileForTests();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('desktopHomeTarget', () => {
  test('a desktop goes to /home with the query string kept', () => {
    expect(desktopHomeTarget('?i_code=INV1&from=ad', desktop)).toBe('/home?i_code=INV1&from=ad');
    expect(desktopHomeTarget('', desktop)).toBe('/home');
  });

  test('phones, touch screens and narrow windows stay on the mobile site', () => {
    expect(desktopHomeTarget('?i_code=INV1', iphone)).toBeNull();
    expect(desktopHomeTarget('', { ...desktop, maxTouchPoints: 10 })).toBeNull();
    expect(desktopHomeTarget('', { ...desktop, viewportWidth: 600 })).toBeNull();
    expect(desktopHomeTarget('', { ...desktop, userAgent: `${CHROME_DESKTOP} Mobile` })).toBeNull();
  });

  test('desktop=0 keeps the mobile site for the rest of the page life (the preview frame never loops)', () => {
    expect(desktopHomeTarget('?desktop=0', desktop)).toBeNull();
    expect(desktopHomeTarget('', desktop)).toBeNull();
  });

  test('inside the native app there is no redirect', () => {
    sessionStorage.setItem('app', 'android');
    expect(desktopHomeTarget('', desktop)).toBeNull();
  });
});

describe('DesktopRedirect on /app/home', () => {
  function renderHome(route: string) {
    render(
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={paths.home} element={<DesktopRedirect>mobile home</DesktopRedirect>} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>,
    );
  }

  test('When a desktop browser opens the mobile home, then it lands on /home with the same query', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME_DESKTOP);
    vi.spyOn(navigator, 'maxTouchPoints', 'get').mockReturnValue(0);
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(1280);
    renderHome('/app/home?i_code=INV1&x=2');
    expect(screen.getByTestId('location').textContent).toBe('/home?i_code=INV1&x=2');
  });

  test('When a phone opens it, then the mobile home shows', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(iphone.userAgent);
    vi.spyOn(navigator, 'maxTouchPoints', 'get').mockReturnValue(5);
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(390);
    renderHome('/app/home?i_code=INV1');
    expect(screen.getByText('mobile home')).toBeTruthy();
  });
});

test('the QR code points at the mobile home with the visit query, minus the preview switch', () => {
  expect(mobileHomeUrl('https://m.example.com', '?i_code=INV1&desktop=0')).toBe(
    'https://m.example.com/app/home?i_code=INV1',
  );
  expect(mobileHomeUrl('https://m.example.com', '')).toBe('https://m.example.com/app/home');
});

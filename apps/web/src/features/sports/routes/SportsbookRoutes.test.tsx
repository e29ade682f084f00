import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { renderPage } from '../../../shared/testing/render';
import { startMockApi } from '../../../shared/testing/server';
import { bookHandlers, event } from '../sports.test-fixtures';
import SportsbookRoutes from './SportsbookRoutes';

const server = startMockApi();
const derby = event();

beforeEach(() => {
  useSession.getState().logout();
  server.use(...bookHandlers([derby]));
});

const open = (route: string, path: string) => renderPage(<SportsbookRoutes />, { route, path });

describe('the sportsbook’s entry', () => {
  test('When /sports names an event, then the event page opens; without one, the sports home', async () => {
    open(`${paths.sports}?event=${derby.id}`, paths.sports);
    expect(await screen.findByRole('region', { name: '赛事详情' })).toBeTruthy();
  });

  test('When a visitor opens the bets, then they sign in first and come back', async () => {
    open(`${paths.bettingRecord}?status=settled`, paths.bettingRecord);
    expect((await screen.findByTestId('location')).textContent).toBe(
      `${paths.login}?redirect=${encodeURIComponent(`${paths.bettingRecord}?status=settled`)}`,
    );
  });

  test('When someone who just signed out is on a bet, then they go home rather than to the sign-in page', async () => {
    useSession.getState().logout({ byMember: true });
    open(`${paths.bettingDetail}?id=1`, paths.bettingDetail);
    expect((await screen.findByTestId('location')).textContent).toBe(paths.home);
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { signedIn } from '../../../shared/testing/member';
import { renderPage } from '../../../shared/testing/render';
import { startMockApi } from '../../../shared/testing/server';
import SettingPage from './SettingPage';

const server = startMockApi();

describe('SettingPage', () => {
  test('When the member taps 负责任博彩, then the protection section opens', async () => {
    server.use(...signedIn());
    renderPage(<SettingPage />, { route: paths.setting });

    await userEvent.setup().click(screen.getByRole('link', { name: /负责任博彩/ }));

    expect(screen.getByTestId('location').textContent).toBe(paths.protection);
  });
});

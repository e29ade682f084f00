import { fireEvent, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderPage } from '../../../shared/testing/render';
import NotFoundPage from './NotFoundPage';

test('When a path does not exist, then the page says so and offers the way home', () => {
  renderPage(<NotFoundPage />, { route: '/no/such/page' });
  expect(screen.getByText('页面不存在')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: '返回首页' }));
  expect(screen.getByTestId('location').textContent).toBe('/app/home');
});

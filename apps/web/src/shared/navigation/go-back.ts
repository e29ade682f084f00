import type { NavigateFunction } from 'react-router';

/** Back to the previous page after a successful edit; a page opened directly goes to `fallback` instead of leaving the site. */
export function goBack(navigate: NavigateFunction, fallback: string): void {
  const state = window.history.state as { idx?: unknown } | null;
  if (state && typeof state.idx === 'number' && state.idx > 0) void navigate(-1);
  else void navigate(fallback, { replace: true });
}

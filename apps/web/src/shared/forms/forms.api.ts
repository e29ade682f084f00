import type { Body, Result } from '@jinb/contract/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../api/client';

export const formsKeys = {
  all: ['forms'] as const,
  phoneAreas: () => [...formsKeys.all, 'phoneAreas'] as const,
};

/** Calling codes members may register or bind a phone with; used by register, forget password and bind phone. */
export const phoneAreasQuery = queryOptions({
  queryKey: formsKeys.phoneAreas(),
  queryFn: ({ signal }) => get('phoneArea', { signal }),
  staleTime: 60 * 60_000,
});

/** Sends an SMS code; the captcha answer is consumed by this call whether it succeeds or not. */
export function sendSmsCode(body: Body<'sms'>): Promise<Result<'sms'>> {
  return post('sms', { body });
}

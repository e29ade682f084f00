import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/call';

/** The member picture's cache: one prefix per member, so an action invalidates everything shown about them. */
export const memberKeys = {
  all: ['members'] as const,
  detail: (id: string) => [...memberKeys.all, id] as const,
  profile: (id: string) => [...memberKeys.detail(id), 'profile'] as const,
  links: (id: string) => [...memberKeys.detail(id), 'links'] as const,
  vip: (id: string) => [...memberKeys.detail(id), 'vip'] as const,
  protection: (id: string) => [...memberKeys.detail(id), 'protection'] as const,
};

export const memberProfileQuery = (id: string) =>
  queryOptions({ queryKey: memberKeys.profile(id), queryFn: () => call('adminMemberProfile', { params: { id } }) });

export const memberLinksQuery = (id: string) =>
  queryOptions({ queryKey: memberKeys.links(id), queryFn: () => call('adminMemberLinks', { params: { id } }) });

export const memberVipQuery = (id: string) =>
  queryOptions({ queryKey: memberKeys.vip(id), queryFn: () => call('adminVipMember', { params: { id } }) });

export const memberProtectionQuery = (id: string) =>
  queryOptions({
    queryKey: memberKeys.protection(id),
    queryFn: () => call('adminMemberProtection', { params: { id } }),
  });

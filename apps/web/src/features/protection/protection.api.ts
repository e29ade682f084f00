import type { ExclusionKind, LimitKey, LimitsView, StatementQuery } from '@jinb/contract';
import type { Body } from '@jinb/contract/endpoints';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { put } from '../../shared/api/calls';
import { get, post } from '../../shared/api/client';
import { download, saveFile } from '../../shared/api/download';
import { encryptPassword } from '../../shared/crypto/encrypt-password';

/** The protection pages' queries; cleared with the session like every member query. */
export const protectionKeys = {
  all: ['protection'] as const,
  limits: () => [...protectionKeys.all, 'limits'] as const,
  statements: () => [...protectionKeys.all, 'statement'] as const,
  statement: (months: number) => [...protectionKeys.statements(), months] as const,
};

/** /setting/limits: what is in force, raises waiting, what the periods used. Always asked again: usage moves. */
export const limitsQuery = queryOptions({
  queryKey: protectionKeys.limits(),
  queryFn: ({ signal }) => get('memberLimits', { signal }),
  staleTime: 0,
});

/** /setting/statement: one span's totals and months. */
export const statementQuery = (months: number) =>
  queryOptions({
    queryKey: protectionKeys.statement(months),
    queryFn: ({ signal }) => get('memberStatement', { query: { months }, signal }),
    staleTime: 60_000,
  });

/** Every answer about limits is the whole view: it replaces the cached one. */
function useLimitsChange<Input, Output extends LimitsView>(send: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (view) => {
      const { changes: _changes, ...limits } = view as Output & { changes?: unknown };
      client.setQueryData(limitsQuery.queryKey, limits as LimitsView);
    },
  });
}

/** Sets any of the limits (and the reality check); `''` removes one. The answer says what happened to each key. */
export const useUpdateLimits = () =>
  useLimitsChange((body: Body<'memberLimitsUpdate'>) => put('memberLimitsUpdate', { body }));

/** Confirms a raise or removal whose 24 hours have passed. */
export const useConfirmLimit = () => useLimitsChange((key: LimitKey) => post('memberLimitsConfirm', { body: { key } }));

/** Drops a raise or removal still waiting. */
export const useCancelLimit = () => useLimitsChange((key: LimitKey) => post('memberLimitsCancel', { body: { key } }));

/** A time-out or self-exclusion; the sign-in password leaves the browser encrypted as at sign-in. */
export const useExclusion = () =>
  useMutation({
    mutationFn: async ({ kind, days, password }: { kind: ExclusionKind; days: number; password: string }) =>
      post('memberExclusion', { body: { kind, days, password: await encryptPassword(password) } }),
  });

/** 导出CSV: the same span as the page shows, saved as a file. */
export const useStatementCsv = () =>
  useMutation({
    mutationFn: async (months: NonNullable<StatementQuery['months']>) => {
      const blob = await download('memberStatementCsv', { months: Number(months) });
      saveFile(blob, `statement-${months}m-${new Date().toISOString().slice(0, 10)}.csv`);
    },
  });

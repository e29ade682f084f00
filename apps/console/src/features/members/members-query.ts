import { parseDateTime } from '@jinb/contract';
import { PLATFORM_TIME_ZONE } from '../../shared/ui/TimeText';

/** The table's sortable columns and the list call's sort fields. */
const SORT_FIELDS: Record<string, string> = {
  registeredAt: 'registered',
  balance: 'balance',
  lastSignInAt: 'lastSignIn',
  vipLevel: 'vip',
};

/** A day of the search form (the platform's calendar) as the instant the call takes. */
function dayEdge(day: unknown, time: string): string | undefined {
  if (typeof day !== 'string' || !day) return undefined;
  return parseDateTime(`${day.slice(0, 10)} ${time}`, PLATFORM_TIME_ZONE)?.toISOString();
}

/** The search form and the column sort as the members list call's query. */
export function membersQuery(query: Record<string, unknown>): Record<string, unknown> {
  const { registered, sort, ...rest } = query;
  const range = Array.isArray(registered) ? registered : [];
  const sorted = typeof sort === 'string' ? sort : '-registeredAt';
  const descending = sorted.startsWith('-');
  const field = SORT_FIELDS[descending ? sorted.slice(1) : sorted] ?? 'registered';
  return {
    ...rest,
    registeredFrom: dayEdge(range[0], '00:00:00'),
    registeredTo: dayEdge(range[1], '23:59:59'),
    sort: `${descending ? '-' : ''}${field}`,
  };
}

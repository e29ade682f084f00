import { parseDateTime } from '@jinb/contract';
import { PLATFORM_TIME_ZONE } from '../../shared/ui/TimeText';

/** A time of the search form (the platform's wall clock, "YYYY-MM-DD HH:mm:ss") as the instant the call takes. */
function instant(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  return parseDateTime(value, PLATFORM_TIME_ZONE)?.toISOString();
}

/**
 * The search form's time range (`field`: [from, to] in platform time) as the list call's `from` and `to` instants;
 * `to` is exclusive on the server, so the last second the operator picked is kept by moving it one second on.
 */
export function withTimeRange(field: string) {
  return (query: Record<string, unknown>): Record<string, unknown> => {
    const { [field]: range, ...rest } = query;
    const [from, to] = Array.isArray(range) ? range : [];
    const end = instant(to);
    return {
      ...rest,
      from: instant(from),
      to: end ? new Date(Date.parse(end) + 1000).toISOString() : undefined,
    };
  };
}

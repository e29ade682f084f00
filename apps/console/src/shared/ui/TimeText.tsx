import { DEFAULT_TIME_ZONE, formatDateTime } from '@jinb/contract';

/** The platform's time zone: every time the console shows is the platform's wall clock, whatever the PC's zone. */
export const PLATFORM_TIME_ZONE = DEFAULT_TIME_ZONE;

/** "YYYY-MM-DD HH:mm:ss" in the platform's zone; "-" for no time. */
export function formatTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : formatDateTime(date, PLATFORM_TIME_ZONE);
}

export function TimeText({ value }: { value: string | number | Date | null | undefined }) {
  const text = formatTime(value);
  return (
    <time dateTime={value instanceof Date ? value.toISOString() : String(value ?? '')} style={{ whiteSpace: 'nowrap' }}>
      {text}
    </time>
  );
}

const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?$/;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function parts(value: string): { date: string; time: string } | null {
  // A wall-clock string without a zone is shown as written; Safari would not even parse "YYYY-MM-DD HH:mm:ss".
  const wall = WALL_CLOCK.exec(value);
  if (wall) return { date: wall[1]!, time: wall[2]! };
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) return null;
  return {
    date: `${parsed.getFullYear()}-${pad(parsed.getMonth() + 1)}-${pad(parsed.getDate())}`,
    time: `${pad(parsed.getHours())}:${pad(parsed.getMinutes())}`,
  };
}

/** "2025-03-01" in the member's time zone; unparsable input is shown as it came. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  return parts(value)?.date ?? value;
}

/** "2025-03-01 18:30" in the member's time zone. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const found = parts(value);
  return found ? `${found.date} ${found.time}` : value;
}

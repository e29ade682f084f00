import type { Notice } from '@jinb/contract';

/**
 * Which announcements open as the home page's popup (issue 24). A `popup` notice opens once per visit (a reload is
 * a new visit) until the member ticks 今日不再提示: that hides it for the rest of the platform's day, remembered in
 * localStorage by notice id, so tomorrow it opens again, and a new popup opens even today.
 */
const STORAGE_KEY = 'jinb.noticePopups';

/** What is remembered: the platform day of the dismissals and the notices dismissed on it. */
type Dismissed = { day: string; ids: number[] };

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function read(store: Store): Dismissed | null {
  try {
    const value = JSON.parse(store.getItem(STORAGE_KEY) ?? 'null') as Dismissed | null;
    return value && typeof value.day === 'string' && Array.isArray(value.ids) ? value : null;
  } catch {
    return null;
  }
}

/** The ids dismissed for `day` (a dismissal of another day no longer counts). */
export function dismissedOn(day: string, store: Store = localStorage): number[] {
  const stored = read(store);
  return stored?.day === day ? stored.ids : [];
}

/** Hides these notices' popups until the platform's next day. Storage refused (private mode): only this visit. */
export function dismissForToday(ids: number[], day: string, store: Store = localStorage): void {
  const kept = dismissedOn(day, store);
  try {
    store.setItem(STORAGE_KEY, JSON.stringify({ day, ids: [...new Set([...kept, ...ids])] }));
  } catch {
    // the visit's own memory (shownThisVisit) still keeps it closed
  }
}

/** Popups already shown in this visit: closing one without ticking the box keeps it closed until a reload. */
const shownThisVisit = new Set<number>();

export function markShown(ids: number[]): void {
  for (const id of ids) shownThisVisit.add(id);
}

/** The popups to open now, in the order the server sent them (its `sort`). */
export function popupsToShow(notices: Notice[], day: string, store: Store = localStorage): Notice[] {
  const dismissed = new Set(dismissedOn(day, store));
  return notices.filter((notice) => notice.popup && !dismissed.has(notice.id) && !shownThisVisit.has(notice.id));
}

/** For tests: a new visit. */
export function resetVisit(): void {
  shownThisVisit.clear();
}

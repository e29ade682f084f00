import type { Database } from '../../db/database';
import type { SportsSettingsStore } from './sports-settings';

// PLACEHOLDER (issue 9 in progress): the book helper replaces this file.
export function createBookService(_deps: { db: Database; settings: SportsSettingsStore; timeZone: string }) {
  return {};
}
export type BookService = ReturnType<typeof createBookService>;

import type { Database } from '../../db/database';
import type { InvalidationBus } from '../../shared/invalidation-bus';

// PLACEHOLDER (issue 9 in progress): the book helper replaces this file.
export function createSportsSettings(_db: Database, _bus: InvalidationBus) {
  return {};
}
export type SportsSettingsStore = ReturnType<typeof createSportsSettings>;

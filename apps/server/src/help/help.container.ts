import type { Database } from '../db/database';
import type { InvalidationBus } from '../shared/invalidation-bus';
import { createHelpService } from './help.service';
import { createHelpAdmin } from './help-admin.service';
import { createHelpLookup } from './help-lookup';

export type HelpServices = ReturnType<typeof createHelpServices>;

/** The help centre (issue 25): members' reads, the operators' editing, and the chat's quick answers (`lookup`). */
export function createHelpServices(db: Database, bus: InvalidationBus) {
  return {
    members: createHelpService(db, bus),
    admin: createHelpAdmin({ db, bus }),
    lookup: createHelpLookup(db),
  };
}

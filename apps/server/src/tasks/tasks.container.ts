import type { Database } from '../db/database';
import type { BonusService } from '../wallet/bonus/bonus.service';
import type { LedgerService } from '../wallet/ledger/ledger.service';
import { createTasksService } from './tasks.service';
import { createTasksAdmin } from './tasks-admin.service';

export type TaskServices = ReturnType<typeof createTaskServices>;

/** The task centre's services, wired once per process (the container calls this). */
export function createTaskServices(deps: {
  db: Database;
  ledger: LedgerService;
  bonus: BonusService;
  timeZone: string;
}) {
  return { member: createTasksService(deps), admin: createTasksAdmin({ db: deps.db }) };
}

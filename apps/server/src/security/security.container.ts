import type { LoginLimiter } from '../auth/login-limiter';
import type { PasswordCipher } from '../auth/rsa-keys';
import type { VerificationService } from '../auth/verification.service';
import type { Database } from '../db/database';
import { createLoginHistoryService } from './login-history.service';
import { createStepUpService } from './step-up.service';

export type SecurityServices = ReturnType<typeof createSecurityServices>;

/** The sign-in history and the step-up checks, wired before the sign-in that records into the history. */
export function createSecurityServices(deps: {
  db: Database;
  cipher: PasswordCipher;
  verification: VerificationService;
  limiter: LoginLimiter;
}) {
  return {
    history: createLoginHistoryService({ db: deps.db }),
    stepUp: createStepUpService(deps),
  };
}

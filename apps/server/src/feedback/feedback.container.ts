import type { Database } from '../db/database';
import type { SystemMessages } from '../messages/system-messages';
import type { UploadService } from '../uploads/upload.service';
import { createFeedbackService } from './feedback.service';
import { createFeedbackAdmin } from './feedback-admin.service';
import { createFeedbackImages } from './feedback-images';

export type FeedbackServices = ReturnType<typeof createFeedbackServices>;

/** Feedback's services, wired once per process: the member's side and the operators'. */
export function createFeedbackServices(deps: {
  db: Database;
  uploads: Pick<UploadService, 'dir' | 'maxBytes'>;
  messages: SystemMessages;
  timeZone: string;
}) {
  return {
    member: createFeedbackService({ db: deps.db, images: createFeedbackImages(deps.uploads), timeZone: deps.timeZone }),
    admin: createFeedbackAdmin({ db: deps.db, messages: deps.messages, timeZone: deps.timeZone }),
  };
}

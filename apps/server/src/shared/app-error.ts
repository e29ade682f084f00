import type { ErrorCode } from '@jinb/contract';

const STATUS_BY_CODE: Partial<Record<ErrorCode, number>> = {
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ACCOUNT_TAKEN: 409,
  PHONE_TAKEN: 409,
  EMAIL_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_FILE: 415,
  TOO_MANY_REQUESTS: 429,
  CODE_TOO_OFTEN: 429,
  CODE_LIMIT: 429,
  LOGIN_LOCKED: 429,
  CODE_SEND_FAILED: 502,
  MAINTENANCE: 503,
  DEPOSIT_LIMIT_DAY: 409,
  DEPOSIT_LIMIT_WEEK: 409,
  DEPOSIT_LIMIT_MONTH: 409,
  LOSS_LIMIT_DAY: 409,
  LOSS_LIMIT_WEEK: 409,
  LOSS_LIMIT_MONTH: 409,
  STAKE_LIMIT: 409,
  SESSION_TIME_LIMIT: 403,
  SELF_EXCLUDED: 403,
  TIMED_OUT: 403,
  WITHDRAW_ONLY: 403,
  EXCLUSION_LOCKED: 403,
  LIMIT_NOT_PENDING: 409,
  LIMIT_NOT_DUE: 409,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  INSUFFICIENT_FUNDS: 409,
  IDEMPOTENCY_CONFLICT: 409,
  ORDER_NOT_PENDING: 409,
  WITHDRAW_NOT_CANCELLABLE: 409,
  CARD_DUPLICATE: 409,
  WITHDRAW_PASSWORD_LOCKED: 429,
  SIGNATURE_INVALID: 401,
  DEPOSIT_PENDING_LIMIT: 409,
  DEPOSIT_BUSY: 409,
  PAYMENT_RESOLVED: 409,
  PAYMENT_AMOUNT_MISMATCH: 409,
  PAYMENT_CHANNEL_MISMATCH: 409,
  APPROVAL_SELF: 403,
  APPROVAL_DECIDED: 409,
  ODDS_CHANGED: 409,
  MARKET_SUSPENDED: 409,
  MARKET_CLOSED: 409,
  EVENT_STATE: 409,
  SELECTION_UNKNOWN: 404,
  CASHOUT_UNAVAILABLE: 409,
  CASHOUT_OFF: 409,
  CASHOUT_SUSPENDED: 409,
  CASHOUT_CHANGED: 409,
  REWARD_NOT_FOUND: 404,
  REWARD_REVIEW: 409,
  VIP_NOT_ELIGIBLE: 409,
  VIP_NOTHING_TO_CLAIM: 409,
  BIRTHDAY_SET: 409,
  TASK_NOT_FOUND: 404,
  TASK_INCOMPLETE: 409,
  TASK_CLAIMED: 409,
  TASK_NOTHING_TO_CLAIM: 409,
  POINTS_NOT_ENOUGH: 409,
  SIGNIN_DONE: 409,
  PROMO_NOT_FOUND: 404,
  PROMO_NOT_STARTED: 409,
  PROMO_ENDED: 409,
  PROMO_LEVEL: 409,
  PROMO_NO_DEPOSIT: 409,
  PROMO_ONCE: 409,
  PROMO_PERIOD_USED: 409,
  PROMO_NOTHING: 409,
  PROMO_PENDING: 409,
  PROMO_NOT_CLAIMABLE: 409,
  REDEEM_CODE_UNKNOWN: 404,
  REDEEM_CODE_EXPIRED: 409,
  REDEEM_CODE_USED_UP: 409,
  REDEEM_CODE_REDEEMED: 409,
  REDEEM_CODE_LEVEL: 409,
  REDEEM_CODE_DISABLED: 409,
  VIP_PAYOUT_EXPIRED: 409,
  VIP_PAYOUT_CLAIMED: 409,
  VIP_PAYOUT_PERIOD_INVALID: 400,
  MESSAGE_NOT_FOUND: 404,
  MESSAGE_AUDIENCE_INVALID: 400,
  MESSAGE_AUDIENCE_EMPTY: 409,
  COMMISSION_NOT_FOUND: 404,
  COMMISSION_NOT_CLAIMABLE: 409,
  COMMISSION_PERIOD_INVALID: 400,
  CONTENT_NOT_FOUND: 404,
  CONVERSATION_NOT_FOUND: 404,
  CONVERSATION_CLOSED: 409,
  CONVERSATION_TAKEN: 409,
  SUPPORT_AGENT_UNAVAILABLE: 409,
  CONVERSATION_RATED: 409,
  FEEDBACK_NOT_FOUND: 404,
  FEEDBACK_CATEGORY_INVALID: 400,
  FEEDBACK_IMAGES_INVALID: 400,
  FEEDBACK_CLOSED: 409,
  FEEDBACK_CONTENT_LENGTH: 400,
  FEEDBACK_PENDING_LIMIT: 429,
  FEEDBACK_DAILY_LIMIT: 429,
  HELP_ARTICLE_NOT_FOUND: 404,
  STEP_UP_REQUIRED: 403,
  PASSWORD_WRONG: 400,
  PHONE_NOT_BOUND: 409,
};

/**
 * The one error a service throws: a stable code the member's message is looked up by. The HTTP status is
 * derived for operators and monitoring; the site reads the body.
 */
export class AppError extends Error {
  readonly httpStatus: number;
  /** Seconds until trying again can succeed (limits and lockouts); sent as Retry-After. */
  readonly retryAfterS: number | undefined;
  /** What the client needs to act on the refusal (ODDS_CHANGED: each leg's price now); sent as `detail`. */
  readonly detail: unknown;
  /** Values for the message's `{name}` placeholders (a limit's amount, when it resets), already formatted. */
  readonly params: Readonly<Record<string, string>> | undefined;

  constructor(
    readonly code: ErrorCode,
    options: {
      httpStatus?: number;
      cause?: unknown;
      retryAfterS?: number;
      detail?: unknown;
      params?: Readonly<Record<string, string>>;
    } = {},
  ) {
    super(code, { cause: options.cause });
    this.name = 'AppError';
    this.httpStatus = options.httpStatus ?? STATUS_BY_CODE[code] ?? 400;
    this.retryAfterS = options.retryAfterS;
    this.detail = options.detail;
    this.params = options.params;
  }
}

import type { z } from 'zod';

/**
 * One call's entry in the endpoint table (endpoints.ts), on its own so the files that define a programme's calls
 * (vip.ts, tasks.ts, promotions.ts) can type their entries without importing the table that gathers them.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type EndpointSpec = {
  method: Method;
  /** Required exactly when the path has a `:param`. */
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The `data` of a successful answer. */
  response: z.ZodType;
  /** The site sends the body as JSON (nested bodies); otherwise form-encoded. */
  json?: true;
  /** The body is multipart/form-data (a file), read by the handler itself. */
  multipart?: true;
};

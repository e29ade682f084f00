import { type ErrorCode, errorMessages, type Lang } from '@jinb/contract';
import { z } from 'zod';

export function ok<T>(data: T): { status: true; data: T } {
  return { status: true, data };
}

export function fail(code: ErrorCode, lang: Lang) {
  return { status: false as const, data: errorMessages[lang][code], code };
}

/** Response schema for the OpenAPI document: the envelope around `data`. */
export function okSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(true), data });
}

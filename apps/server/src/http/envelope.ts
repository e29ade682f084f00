import { type ErrorCode, errorMessage, type Lang } from '@jinb/contract';
import { z } from 'zod';

export function ok<T>(data: T): { status: true; data: T } {
  return { status: true, data };
}

export function fail(code: ErrorCode, lang: Lang, params?: Readonly<Record<string, string>>) {
  return { status: false as const, data: errorMessage(lang, code, params), code };
}

/** Response schema for the OpenAPI document: the envelope around `data`. */
export function okSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(true), data });
}

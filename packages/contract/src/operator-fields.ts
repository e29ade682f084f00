import { z } from 'zod';

/**
 * Fields the operators' content editors share (issue 24's content, issue 25's help centre): one definition, so a
 * bound or a refusal code cannot drift between two editors of the same kind of row.
 */

export const sortField = z.coerce.number<string | number>().int().min(-10_000).max(10_000).optional().default(0);
export const activeField = z.boolean({ error: 'BAD_REQUEST' }).optional().default(true);
/** Stored texts per language as the operator wrote them (what `localizedTexts` kept). */
export const storedTexts = z.record(z.string(), z.record(z.string(), z.string()));
export const titleField = (max: number) =>
  z.string({ error: 'BAD_REQUEST' }).trim().min(1, { error: 'BAD_REQUEST' }).max(max, { error: 'BAD_REQUEST' });

/** A list an operator saves whole (categories): no id named twice. */
export const idsDistinct = (list: Array<{ id?: number | undefined }>) => {
  const ids = list.flatMap((entry) => (entry.id ? [entry.id] : []));
  return new Set(ids).size === ids.length;
};

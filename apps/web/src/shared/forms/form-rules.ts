import type { Form, FormItemProps } from 'antd-mobile';
import type { TFunction } from '../i18n/translator';
import './forms.locale';

export type FormRule = NonNullable<FormItemProps['rules']>[number];

/** Any form's instance, for pieces that read or set fields of the form they sit in. */
export type AnyForm = ReturnType<typeof Form.useForm>[0];

/** The part of a zod schema a form rule needs; the schemas live in packages/contract and carry error codes. */
export type FieldSchema = {
  safeParse(value: unknown): { success: boolean; error?: { issues: ReadonlyArray<{ message: string }> } };
};

/** The member-facing message for a value the schema rejects, or null when it passes. */
export function fieldError(schema: FieldSchema, value: unknown, t: TFunction): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const code = result.error?.issues[0]?.message ?? 'VALIDATION';
  return t(code, { ns: 'errors' });
}

/**
 * A Form rule that checks a field with the same zod schema the server uses, so the site and the server
 * can never disagree on what is valid; the schema's issue messages are error codes translated here.
 */
export function schemaRule(schema: FieldSchema, t: TFunction): FormRule {
  return {
    validator: async (_rule, value) => {
      const message = fieldError(schema, value === '' ? undefined : value, t);
      if (message) throw new Error(message);
    },
  };
}

/** A rule from any check that returns an error code (from the `errors` namespace) or a ready message. */
export function checkRule(check: (value: unknown) => string | null): FormRule {
  return {
    validator: async (_rule, value) => {
      const message = check(value);
      if (message) throw new Error(message);
    },
  };
}

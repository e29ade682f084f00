import { type ErrorCode, errorMessage, isErrorCode } from '@jinb/contract';
import type { FormInstance } from 'antd';
import type { z } from 'zod';
import { ConsoleApiError } from '../api/call';
import { antdApi } from '../ui/antd-app';
import { formMessages } from './messages';

export type FieldIssue = { name: (string | number)[]; errors: string[] };

/** One zod issue in words an operator reads: the contract's own error message when it names one, else by kind. */
function issueText(issue: z.core.$ZodIssue): string {
  if (isErrorCode(issue.message)) return errorMessage('zh-CN', issue.message as ErrorCode);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === '' ? formMessages.required : formMessages.invalid;
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array'
        ? Number(issue.minimum) <= 1
          ? formMessages.required
          : formMessages.tooShort
        : formMessages.tooSmall;
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' ? formMessages.tooLong : formMessages.tooBig;
    case 'invalid_value':
      return formMessages.choose;
    default:
      return formMessages.invalid;
  }
}

/**
 * Checks a form's values against the call's body schema from the contract (the same one the server parses with) and
 * answers each failing field with its message, or null when the values pass.
 */
export function zodIssues(schema: z.ZodType, values: unknown): FieldIssue[] | null {
  const parsed = schema.safeParse(values);
  if (parsed.success) return null;
  const byField = new Map<string, FieldIssue>();
  for (const issue of parsed.error.issues) {
    const name = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
    const key = JSON.stringify(name);
    const entry = byField.get(key) ?? { name, errors: [] };
    entry.errors.push(issueText(issue));
    byField.set(key, entry);
  }
  return [...byField.values()];
}

/**
 * For a ProForm's `onFinish`: the values checked by `schema` first (failing fields marked on the form, nothing sent),
 * then `send`; a refusal shows the server's own message, any other failure a plain one. Never throws: it answers
 * whether it went through, so a ModalForm closes only then and its 确定 is ready for another try otherwise.
 */
export async function submitChecked<V>(
  form: FormInstance | undefined,
  schema: z.ZodType,
  values: V,
  send: (values: V) => Promise<unknown>,
): Promise<boolean> {
  const issues = zodIssues(schema, values);
  if (issues) {
    form?.setFields(issues.map((issue) => ({ name: issue.name, errors: issue.errors })));
    return false;
  }
  try {
    await send(values);
    return true;
  } catch (error) {
    // Anything else (a bug in `send` or what it calls afterwards) must not escape either: ProForm would swallow it
    // into the browser's console and the operator would see the form simply stop, with no word of what happened.
    if (!(error instanceof ConsoleApiError)) console.error(error);
    void antdApi().message.error(error instanceof ConsoleApiError ? error.message : formMessages.failed);
    return false;
  }
}

import type { APIRequestContext } from '@playwright/test';

/** The latest code the demo outbox holds for a phone (+86...) or e-mail address. */
export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const code = (await response.json()).data?.[0]?.code as string | undefined;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code was sent to ${to}`);
}

let counter = 0;

/** Unique per run and per worker, so journeys never collide on accounts or phones. */
export function uniqueAccount(prefix = 'e'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).slice(-6)}${process.env.TEST_WORKER_INDEX ?? 0}${counter}`.slice(0, 11);
}

export function uniquePhone(): string {
  counter += 1;
  const tail = `${Date.now()}${process.env.TEST_WORKER_INDEX ?? 0}${counter}`.slice(-8);
  return `137${tail}`;
}

import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../db/database';
import { outbox } from '../db/schema';

export type Message = { purpose: string; code: string; text: string };

/** Where SMS and e-mail go. Demo mode writes to the dev outbox; production sends through real providers. */
export interface Notifier {
  sendSms(recipient: string, message: Message): Promise<void>;
  sendEmail(recipient: string, subject: string, message: Message): Promise<void>;
}

/** Where the dev outbox shows what was sent to this phone (+86...) or e-mail address. */
export function devOutboxPath(recipient: string): string {
  return `/api/dev/outbox?to=${encodeURIComponent(recipient)}`;
}

/**
 * Demo provider: nothing leaves the machine; each message is kept in the dev outbox. The log redacts every `code`
 * field (a log reader must not be able to sign in as anyone), so the line names the outbox URL the code is read at.
 */
export function createOutboxNotifier(db: Database, log: FastifyBaseLogger): Notifier {
  const record = async (channel: 'sms' | 'email', recipient: string, message: Message) => {
    await db
      .insert(outbox)
      .values({ channel, recipient, purpose: message.purpose, code: message.code, body: message.text });
    const readAt = devOutboxPath(recipient);
    log.info(
      { channel, recipient, purpose: message.purpose, readAt },
      `dev outbox: ${channel} sent; read it at GET ${readAt}`,
    );
  };
  return {
    sendSms: (recipient, message) => record('sms', recipient, message),
    sendEmail: (recipient, _subject, message) => record('email', recipient, message),
  };
}

/**
 * Production provider: SMS through an HTTP webhook (most SMS gateways, or a small adapter in front of one, take a
 * JSON POST) and e-mail through SMTP.
 */
export function createProviderNotifier(options: {
  smsWebhook: { url: string; token: string | undefined };
  smtpUrl: string;
  mailFrom: string;
}): Notifier {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async sendSms(recipient, message) {
      const response = await fetch(options.smsWebhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.smsWebhook.token ? { authorization: `Bearer ${options.smsWebhook.token}` } : {}),
        },
        body: JSON.stringify({ to: recipient, text: message.text, purpose: message.purpose }),
        signal: AbortSignal.timeout(8000),
      });
      if (!response.ok) throw new Error(`sms webhook answered ${response.status}`);
    },
    async sendEmail(recipient, subject, message) {
      await transport.sendMail({ from: options.mailFrom, to: recipient, subject, text: message.text });
    },
  };
}

import nodemailer from 'nodemailer'
import type { MailContent } from './mail'

/** How e-mail leaves the portal: by SMTP, or into the outbox table when no SMTP server is set. */
export type MailMode = 'smtp' | 'outbox'

export interface SmtpSettings {
  url: string
  host: string
  port: number
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean
  /** Refuse to send unless the connection is upgraded by STARTTLS. */
  requireTls: boolean
  /** Check the server's certificate (off only for a relay with a self-signed certificate). */
  tlsRejectUnauthorized: boolean
  user: string
  pass: string
  from: string
}

/** Where messages are kept when they cannot go out (modules/accounts' repository implements it). */
export interface OutboxWriter {
  keep(message: { channel: 'email' | 'sms'; recipient: string; subject: string; text: string; html: string | null }): Promise<void>
}

/** Sends an SMS. The default provider keeps it in the outbox; a real gateway implements the same. */
export interface SmsProvider {
  readonly name: string
  send(to: string, text: string): Promise<void>
}

export interface Delivery {
  readonly mailMode: MailMode
  sendMail(to: string, content: MailContent): Promise<void>
  sendSms(to: string, text: string): Promise<void>
  close(): void
}

/** Whether SMTP is set: a URL or a host. */
export function smtpConfigured(smtp: SmtpSettings): boolean {
  return smtp.url !== '' || smtp.host !== ''
}

/** The outbox as SMS provider: the message is kept for administrators (系统管理 → 发件箱). */
export function outboxSmsProvider(outbox: OutboxWriter): SmsProvider {
  return {
    name: 'outbox',
    send: (to, text) => outbox.keep({ channel: 'sms', recipient: to, subject: '', text, html: null }),
  }
}

/** Mail by SMTP (nodemailer, one pooled transport) when set, else the outbox; SMS by the given provider. */
export function createDelivery(smtp: SmtpSettings, outbox: OutboxWriter, sms: SmsProvider = outboxSmsProvider(outbox)): Delivery {
  if (!smtpConfigured(smtp)) {
    return {
      mailMode: 'outbox',
      sendMail: (to, c) => outbox.keep({ channel: 'email', recipient: to, subject: c.subject, text: c.text, html: c.html }),
      sendSms: (to, text) => sms.send(to, text),
      close() {},
    }
  }
  const tls = { rejectUnauthorized: smtp.tlsRejectUnauthorized }
  const auth = smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined
  const transport = smtp.url
    ? nodemailer.createTransport(smtp.url, { from: smtp.from })
    : nodemailer.createTransport(
        {
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure,
          requireTLS: smtp.requireTls,
          tls,
          auth,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        },
        { from: smtp.from },
      )
  return {
    mailMode: 'smtp',
    async sendMail(to, c) {
      // base64 parts keep Chinese text and the code intact through any relay
      await transport.sendMail({ to, subject: c.subject, text: c.text, html: c.html, textEncoding: 'base64' })
    },
    sendSms: (to, text) => sms.send(to, text),
    close: () => transport.close(),
  }
}

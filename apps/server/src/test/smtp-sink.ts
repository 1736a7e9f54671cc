import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  raw: string
}

/** The text/plain part of a message, decoded (base64 or quoted-printable). */
export function plainTextOf(raw: string): string {
  const parts = raw.split(/\r?\n--/)
  const part = parts.find((p) => /content-type:\s*text\/plain/i.test(p)) ?? raw
  const [head = '', ...bodyLines] = part.split(/\r?\n\r?\n/)
  const body = bodyLines.join('\n\n')
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}

/** The 6-digit code of a verification mail. */
export function codeOf(mail: ReceivedMail): string {
  const code = plainTextOf(mail.raw).match(/^\s*(\d{6})\s*$/m)?.[1]
  if (!code) throw new Error(`no code in the mail:\n${mail.raw.slice(0, 2000)}`)
  return code
}

/**
 * A real SMTP server on a free local port (the npm package smtp-server, no TLS, any login) that
 * keeps what arrives, so tests read a code from the message as its recipient would.
 */
export async function startSmtpSink() {
  const mails: ReceivedMail[] = []
  const waiters: Array<() => void> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') })
        for (const w of waiters.splice(0)) w()
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    mails,
    /** The next mail to `to` after the `seen` first ones (waits up to `ms`). */
    async nextMailTo(to: string, seen = 0, ms = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + ms
      for (;;) {
        const found = mails.filter((m) => m.to.includes(to))[seen]
        if (found) return found
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${ms} ms`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 200)
        })
      }
    },
    countTo: (to: string) => mails.filter((m) => m.to.includes(to)).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

import type { Locale } from '@rs/shared'
import { translatorOf } from '../../lib/locale'

/** A mail as the delivery sends it: subject, plain-text part and HTML part. */
export interface MailContent {
  subject: string
  text: string
  html: string
}

/** One line of a mail's body: plain, the code a person types (large, indented in text), or a quiet remark. */
export type MailLine = string | { text: string; kind: 'code' | 'muted' }

/** What a mail says; the skeleton around it (portal name, greeting, footer) is the same for every mail. */
export interface MailMessage {
  subject: string
  greeting: string
  /** paragraphs of lines: the text part puts an empty line between paragraphs */
  paragraphs: readonly (readonly MailLine[])[]
  footer: string
  /** the language of the words around the message (the portal's name); Chinese unless the mail answers a request in English */
  locale?: Locale
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const STYLE: Record<'code' | 'muted', string> = {
  code: 'font-size:28px;letter-spacing:6px;font-weight:bold;color:#1677ff;margin:16px 0',
  muted: 'color:#6b7280',
}

/**
 * The portal's one mail skeleton: the same words as a plain-text part and as a small HTML page
 * headed by the portal's name (every word escaped), the footer and the name at the end.
 */
export function portalMail(message: MailMessage): MailContent {
  const locale = message.locale ?? 'zh-CN'
  const site = translatorOf(locale)('app.name')
  const textOf = (line: MailLine) => (typeof line === 'string' ? line : line.kind === 'code' ? `    ${line.text}` : line.text)
  const htmlOf = (line: MailLine) =>
    typeof line === 'string' ? `<p>${escapeHtml(line)}</p>` : `<p style="${STYLE[line.kind]}">${escapeHtml(line.text)}</p>`
  const body = message.paragraphs.flatMap((lines, i) => [...(i ? [''] : []), ...lines.map(textOf)])
  const text = [message.greeting, '', ...body, '', '—', message.footer, site].join('\n')
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(message.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f7fa;font-family:'PingFang SC','Microsoft YaHei',sans-serif;color:#1f2937">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px 28px;border-top:4px solid #1677ff">
<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(site)}</h1>
<p>${escapeHtml(message.greeting)}</p>
${message.paragraphs.flat().map(htmlOf).join('\n')}
<p style="color:#9ca3af;font-size:12px;margin-top:24px">${escapeHtml(message.footer)}</p>
</div></body></html>`
  return { subject: message.subject, text, html }
}

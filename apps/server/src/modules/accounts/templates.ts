import { tZh, type VerifyPurpose } from '@rs/shared'

export interface MailContent {
  subject: string
  text: string
  html: string
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The Chinese mail that carries a verification code: a plain-text part and an HTML part. */
export function codeMail(purpose: VerifyPurpose, code: string, minutes: number): MailContent {
  const site = tZh('app.name')
  const subject = tZh(
    purpose === 'register'
      ? 'account.mail.registerSubject'
      : purpose === 'change'
        ? 'account.mail.changeSubject'
        : 'account.mail.resetSubject',
    { site },
  )
  const line = tZh(
    purpose === 'register' ? 'account.mail.registerLine' : purpose === 'change' ? 'account.mail.changeLine' : 'account.mail.resetLine',
    { site },
  )
  const validity = tZh('account.mail.validity', { minutes })
  const lines = [
    tZh('account.mail.greeting'),
    '',
    line,
    '',
    `    ${code}`,
    '',
    validity,
    tZh('account.mail.ignore'),
    '',
    '—',
    tZh('account.mail.footer'),
    site,
  ]
  const html = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f7fa;font-family:'PingFang SC','Microsoft YaHei',sans-serif;color:#1f2937">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px 28px;border-top:4px solid #1677ff">
<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(site)}</h1>
<p>${escapeHtml(tZh('account.mail.greeting'))}</p>
<p>${escapeHtml(line)}</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:bold;color:#1677ff;margin:16px 0">${escapeHtml(code)}</p>
<p>${escapeHtml(validity)}</p>
<p style="color:#6b7280">${escapeHtml(tZh('account.mail.ignore'))}</p>
<p style="color:#9ca3af;font-size:12px;margin-top:24px">${escapeHtml(tZh('account.mail.footer'))}</p>
</div></body></html>`
  return { subject, text: lines.join('\n'), html }
}

/** The Chinese SMS that carries a verification code. */
export function codeSms(purpose: VerifyPurpose, code: string, minutes: number): string {
  const what = tZh(
    purpose === 'register' ? 'account.mail.smsRegister' : purpose === 'change' ? 'account.mail.smsChange' : 'account.mail.smsReset',
  )
  return tZh('account.mail.sms', { site: tZh('app.shortName'), code, minutes, purpose: what })
}

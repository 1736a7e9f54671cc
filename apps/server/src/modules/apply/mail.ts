import { type ApplyState, tZh } from '@rs/shared'

/** A mail as the accounts module's delivery sends it (handed in by modules/index.ts). */
export interface ApplyMail {
  subject: string
  text: string
  html: string
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The Chinese mail telling an applicant the decision on an application (text + HTML). */
export function applyDecisionMail(a: {
  id: number
  module: string
  status: ApplyState
  regionNames: string[]
  rejectReason?: string | null
}): ApplyMail {
  const site = tZh('app.name')
  const state = tZh(`apply.state.${a.status}`)
  const moduleName = `${tZh(`permission.names.${a.module}`)}（${a.module}）`
  const subject = tZh('apply.mail.subject', { site, id: a.id, state })
  const lines = [tZh('apply.mail.line', { id: a.id, module: moduleName, state })]
  if (a.status === 'approved') lines.push(tZh('apply.mail.approved', { regions: a.regionNames.join('、') }))
  if (a.status === 'rejected' && a.rejectReason) lines.push(tZh('apply.mail.reason', { reason: a.rejectReason }))
  const text = [tZh('apply.mail.greeting'), '', ...lines, '', '—', tZh('apply.mail.footer'), site].join('\n')
  const html = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f7fa;font-family:'PingFang SC','Microsoft YaHei',sans-serif;color:#1f2937">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px 28px;border-top:4px solid #1677ff">
<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(site)}</h1>
<p>${escapeHtml(tZh('apply.mail.greeting'))}</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p style="color:#9ca3af;font-size:12px;margin-top:24px">${escapeHtml(tZh('apply.mail.footer'))}</p>
</div></body></html>`
  return { subject, text, html }
}

import { type OrderState, tZh } from '@rs/shared'
import { beijingTime } from '../../lib/export/records'

/** A mail as the accounts module's delivery sends it (handed in by modules/index.ts). */
export interface OrderMail {
  subject: string
  text: string
  html: string
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The Chinese mail telling an owner that an order changed state (text + HTML). */
export function orderStateMail(order: {
  id: number
  sceneCount: number
  status: OrderState
  rejectReason?: string | null
  expiresAt?: string | null
}): OrderMail {
  const site = tZh('app.name')
  const state = tZh(`order.state.${order.status}`)
  const subject = tZh('order.mail.subject', { site, id: order.id, state })
  const lines = [tZh('order.mail.line', { id: order.id, count: order.sceneCount, state })]
  if (order.status === 'rejected' && order.rejectReason) lines.push(tZh('order.mail.reason', { reason: order.rejectReason }))
  if (order.status === 'ready' && order.expiresAt) lines.push(tZh('order.mail.ready', { expiresAt: beijingTime(order.expiresAt) }))
  const text = [tZh('order.mail.greeting'), '', ...lines, '', '—', tZh('order.mail.footer'), site].join('\n')
  const html = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f7fa;font-family:'PingFang SC','Microsoft YaHei',sans-serif;color:#1f2937">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px 28px;border-top:4px solid #1677ff">
<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(site)}</h1>
<p>${escapeHtml(tZh('order.mail.greeting'))}</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p style="color:#9ca3af;font-size:12px;margin-top:24px">${escapeHtml(tZh('order.mail.footer'))}</p>
</div></body></html>`
  return { subject, text, html }
}

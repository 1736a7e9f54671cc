import { tZh, type VerifyPurpose } from '@rs/shared'
import { type MailContent, portalMail } from '../../capabilities/notification'

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
  return portalMail({
    subject,
    greeting: tZh('account.mail.greeting'),
    paragraphs: [
      [line],
      [{ text: code, kind: 'code' }],
      [tZh('account.mail.validity', { minutes }), { text: tZh('account.mail.ignore'), kind: 'muted' }],
    ],
    footer: tZh('account.mail.footer'),
  })
}

/** The Chinese SMS that carries a verification code. */
export function codeSms(purpose: VerifyPurpose, code: string, minutes: number): string {
  const what = tZh(
    purpose === 'register' ? 'account.mail.smsRegister' : purpose === 'change' ? 'account.mail.smsChange' : 'account.mail.smsReset',
  )
  return tZh('account.mail.sms', { site: tZh('app.shortName'), code, minutes, purpose: what })
}

import type { VerifyPurpose } from '@rs/shared'
import { type MailContent, portalMail } from '../../capabilities/notification'
import { currentLocale, t } from '../../lib/locale'

/** The mail that carries a verification code, in the language of the request that asked for it: a plain-text part and an HTML part. */
export function codeMail(purpose: VerifyPurpose, code: string, minutes: number): MailContent {
  const site = t('app.name')
  const subject = t(
    purpose === 'register'
      ? 'account.mail.registerSubject'
      : purpose === 'change'
        ? 'account.mail.changeSubject'
        : 'account.mail.resetSubject',
    { site },
  )
  const line = t(
    purpose === 'register' ? 'account.mail.registerLine' : purpose === 'change' ? 'account.mail.changeLine' : 'account.mail.resetLine',
    { site },
  )
  return portalMail({
    subject,
    greeting: t('account.mail.greeting'),
    paragraphs: [
      [line],
      [{ text: code, kind: 'code' }],
      [t('account.mail.validity', { minutes }), { text: t('account.mail.ignore'), kind: 'muted' }],
    ],
    footer: t('account.mail.footer'),
    locale: currentLocale(),
  })
}

/** The SMS that carries a verification code, in the language of the request that asked for it. */
export function codeSms(purpose: VerifyPurpose, code: string, minutes: number): string {
  const what = t(
    purpose === 'register' ? 'account.mail.smsRegister' : purpose === 'change' ? 'account.mail.smsChange' : 'account.mail.smsReset',
  )
  return t('account.mail.sms', { site: t('app.shortName'), code, minutes, purpose: what })
}

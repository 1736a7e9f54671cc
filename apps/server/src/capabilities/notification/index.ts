/**
 * The notification capability: the one door to what the portal sends people. portalMail builds
 * every mail (order, application and account mails) on one skeleton; createDelivery sends it by
 * SMTP or keeps it in the outbox, and sends SMS through a provider.
 */
export {
  createDelivery,
  type Delivery,
  type MailMode,
  type OutboxWriter,
  outboxSmsProvider,
  type SmsProvider,
  type SmtpSettings,
  smtpConfigured,
} from './delivery'
export { type MailContent, type MailLine, type MailMessage, portalMail } from './mail'
export { createOutbox } from './outbox'

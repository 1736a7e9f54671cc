import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../../module-deps'
import { createAccountsRepository } from './accounts.repository'
import { registerAccountsRoutes } from './accounts.routes'
import { type AuthPorts, createAccountsService, DEFAULT_ACCOUNTS_SETTINGS } from './accounts.service'

/** Registration, password reset by code and contact changes, with the auth module's captchas and sessions. */
export function registerAccounts(app: FastifyInstance, { db, config, audit, events, delivery }: ModuleDeps, auth: AuthPorts) {
  const accounts = createAccountsService(createAccountsRepository(db), delivery, auth, events, audit, app.log, {
    ...DEFAULT_ACCOUNTS_SETTINGS,
    perRecipientPerHour: config.VERIFY_CODES_PER_RECIPIENT_PER_HOUR,
    perIpPerHour: config.VERIFY_CODES_PER_IP_PER_HOUR,
  })
  registerAccountsRoutes(app, accounts, {
    checksPerMinute: config.ACCOUNT_CHECKS_PER_MINUTE,
    submitsPerMinute: config.ACCOUNT_SUBMITS_PER_MINUTE,
  })
}

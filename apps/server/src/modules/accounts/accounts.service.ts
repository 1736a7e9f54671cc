import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import {
  decryptPassword,
  type MessageKey,
  maskAddress,
  normalizeAddress,
  type PersonDetail,
  passwordWeakness,
  VERIFY_CODE_DEFAULTS,
  type VerifyChannel,
  type VerifyPurpose,
} from '@rs/shared'
import type { FastifyBaseLogger } from 'fastify'
import type { Events } from '../../capabilities/events'
import type { Delivery } from '../../capabilities/notification'
import { type AuditActor, type AuditRecorder, actorOf, type Caller } from '../../lib/audit'
import { ApiError } from '../../lib/errors'
import { hashPassword, matchesAnyPassword } from '../../lib/password'
import { type AccountsRepository, type NewPersonAccount, VerificationUsed } from './accounts.repository'
import { codeMail, codeSms } from './templates'

export interface ClientInfo {
  ip: string
  userAgent: string
  /** The route called (its pattern), for the audit record of a wrong code. */
  route: string
}

/** Who enters a code, for the audit record of a wrong one: address, route, and the user when known. */
export interface CodeChecker {
  ip: string
  route: string
  /** The logged-in user, or the name typed at registration; null when no one is known. */
  actor: AuditActor | null
}

/**
 * What this module asks of the auth module, handed in by its registration (no module imports
 * another). Ending sessions and forgetting cached users are reactions: the events
 * account.passwordReset and account.changed.
 */
export interface AuthPorts {
  /** Uses up a picture captcha: its one-time secret key when the answer is right. */
  consumeCaptcha(token: string, answer: string): Promise<string | undefined>
  openSessionFor(userId: number, client: ClientInfo): Promise<string>
}

export interface AccountsSettings {
  codeTtlSeconds: number
  codeMaxTries: number
  resendSeconds: number
  /** Codes one e-mail or telephone may receive per hour. */
  perRecipientPerHour: number
  /** Codes one client address may ask for per hour. */
  perIpPerHour: number
}

export const DEFAULT_ACCOUNTS_SETTINGS: AccountsSettings = {
  codeTtlSeconds: VERIFY_CODE_DEFAULTS.ttlSeconds,
  codeMaxTries: VERIFY_CODE_DEFAULTS.maxTries,
  resendSeconds: VERIFY_CODE_DEFAULTS.resendSeconds,
  perRecipientPerHour: 10,
  perIpPerHour: 30,
}

/** A code's stored form: salt$HMAC-SHA256(salt, code). The code itself is never stored. */
function hashCode(code: string, salt = randomBytes(16).toString('base64url')): string {
  return `${salt}$${createHmac('sha256', salt).update(code).digest('base64url')}`
}

function codeMatches(code: string, stored: string): boolean {
  const [salt = ''] = stored.split('$')
  const a = Buffer.from(hashCode(code, salt))
  const b = Buffer.from(stored)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Six random digits (uniform, from the system's random source). */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/** A registration as the service takes it: the new account's fields, with the sealed password and the code that confirms it. */
export type RegisterInput = Omit<NewPersonAccount, 'passwordHash'> & {
  password: string
  channel: VerifyChannel
  code: string
  token: string
}

/** The person information a person account may change (the registration's fields). */
export type PersonDetailInput = Pick<
  NewPersonAccount,
  'realName' | 'organization' | 'organizationType' | 'regionCode' | 'industry' | 'purpose'
>

/** Self-registration, password reset by code, the codes themselves and the outbox (issue 11). */
export function createAccountsService(
  repo: AccountsRepository,
  delivery: Delivery,
  auth: AuthPorts,
  events: Pick<Events, 'emit'>,
  audit: AuditRecorder,
  log: FastifyBaseLogger,
  settings: AccountsSettings = DEFAULT_ACCOUNTS_SETTINGS,
) {
  const codeInvalid = () => ApiError.of(400, 'account.errors.codeInvalid')
  const minutes = Math.round(settings.codeTtlSeconds / 60)

  /**
   * Checks a code: a try is counted atomically before the code is compared, so at most
   * `codeMaxTries` wrong codes are ever judged; a right code gets its try back. Wrong, expired,
   * used and unknown codes get one answer, and each is one audit record (等保: `verifyCodeCheck`,
   * failure) naming the user when known (the caller, the name typed at registration, or the account
   * a reset's address belongs to), the route and the reason.
   */
  async function verify(
    purpose: VerifyPurpose,
    channel: VerifyChannel,
    address: string,
    token: string,
    code: string,
    checker: CodeChecker,
  ) {
    const recipient = normalizeAddress(channel, address)
    const row = await repo.reserveTry({ token, purpose, channel, recipient, maxTries: settings.codeMaxTries })
    if (!row || !codeMatches(code, row.code_hash)) {
      const owner = !checker.actor && purpose === 'reset' ? await repo.findByAddress(channel, recipient) : undefined
      await audit.record({
        actor: checker.actor ?? (owner ? { userId: owner.id, username: owner.username } : null),
        ip: checker.ip,
        action: 'verifyCodeCheck',
        target: maskAddress(channel, recipient),
        outcome: 'failure',
        // wrongCode: a live code was compared; noLiveCode: none to compare (unknown, expired, used or out of tries)
        detail: { purpose, channel, route: checker.route, reason: row ? 'wrongCode' : 'noLiveCode' },
      })
      throw codeInvalid()
    }
    await repo.refundTry(row.id)
    return { id: row.id, secretKey: row.secret_key, recipient }
  }

  function openPassword(sealed: string, secretKey: string, token: string): string {
    try {
      return decryptPassword(sealed, secretKey, token)
    } catch {
      throw ApiError.of(400, 'errors.passwordDecryptFailed')
    }
  }

  const failure = (action: 'register', client: ClientInfo, target: string, reason: string) =>
    audit.record({ actor: null, ip: client.ip, action, target, outcome: 'failure', detail: { reason } })

  return {
    mailMode: delivery.mailMode,

    async available(kind: 'username' | 'email' | 'telephone', value: string): Promise<boolean> {
      if (kind === 'username') return !(await repo.usernameTaken(value))
      if (kind === 'email') return !(await repo.emailTaken(value))
      return !(await repo.telephoneTaken(value))
    },

    /**
     * Sends a code after a right picture captcha, within the resend pause and the hourly limits
     * per recipient and per client address. For a reset the answer, its timing and the limits are
     * the same whether or not an account has the address; the message goes only to an account's.
     */
    async sendCode(
      input: { purpose: VerifyPurpose; channel: VerifyChannel; address: string; captcha: string; token: string },
      client: ClientInfo,
    ) {
      const secretKey = await auth.consumeCaptcha(input.token, input.captcha)
      if (!secretKey) throw ApiError.of(400, 'errors.captchaInvalid')
      const recipient = normalizeAddress(input.channel, input.address)
      // a new account's or a new binding's address must be free; a reset's may not be told
      if (input.purpose !== 'reset') {
        const taken = input.channel === 'email' ? await repo.emailTaken(recipient) : await repo.telephoneTaken(recipient)
        if (taken) throw ApiError.of(400, input.channel === 'email' ? 'account.validation.emailTaken' : 'account.validation.telephoneTaken')
      }
      const history = await repo.sendingHistory(input.channel, recipient, input.purpose, client.ip)
      if (history.sinceLastSeconds !== undefined && history.sinceLastSeconds < settings.resendSeconds) {
        throw ApiError.of(429, 'account.errors.codeTooSoon', { seconds: Math.ceil(settings.resendSeconds - history.sinceLastSeconds) })
      }
      if (history.perRecipient >= settings.perRecipientPerHour || history.perIp >= settings.perIpPerHour) {
        throw ApiError.of(429, 'account.errors.codeLimit')
      }
      const code = newCode()
      const id = await repo.saveCode({
        token: input.token,
        purpose: input.purpose,
        channel: input.channel,
        recipient,
        codeHash: hashCode(code),
        secretKey,
        ip: client.ip,
        ttlSeconds: settings.codeTtlSeconds,
      })
      if (id === undefined) throw ApiError.of(400, 'errors.captchaInvalid')
      const deliver = () =>
        input.channel === 'email'
          ? delivery.sendMail(recipient, codeMail(input.purpose, code, minutes))
          : delivery.sendSms(recipient, codeSms(input.purpose, code, minutes))
      const target = maskAddress(input.channel, recipient)
      if (input.purpose !== 'reset') {
        try {
          await deliver()
        } catch (err) {
          log.error({ err, channel: input.channel }, 'verification code not delivered')
          await repo.withdrawCode(id)
          await audit.record({
            actor: null,
            ip: client.ip,
            action: 'verifyCodeSend',
            target,
            outcome: 'failure',
            detail: { purpose: input.purpose, reason: 'delivery' },
          })
          throw ApiError.of(503, 'account.errors.deliveryFailed')
        }
      } else {
        // a reset answers before delivery, so neither the answer nor its time tells whether an account has the address
        const account = await repo.findByAddress(input.channel, recipient)
        if (account) {
          void deliver().catch((err: unknown) => log.error({ err, channel: input.channel }, 'verification code not delivered'))
        }
      }
      await audit.record({
        actor: null,
        ip: client.ip,
        action: 'verifyCodeSend',
        target,
        outcome: 'success',
        detail: { purpose: input.purpose, channel: input.channel },
      })
      return { resendSeconds: settings.resendSeconds, expiresSeconds: settings.codeTtlSeconds }
    },

    /** Checks a code without using it up (the reset form's first step); wrong codes count. */
    async checkCode(
      input: { purpose: VerifyPurpose; channel: VerifyChannel; address: string; code: string; token: string },
      client: ClientInfo,
    ) {
      await verify(input.purpose, input.channel, input.address, input.token, input.code, { ...client, actor: null })
      return null
    },

    /**
     * Registers a person account (type 0): the code confirms the e-mail or telephone; the account,
     * its person information and the use of the code are written in one transaction or not at all.
     */
    async register(input: RegisterInput, client: ClientInfo) {
      const address = input.channel === 'email' ? input.email : input.telephone
      const verification = await verify('register', input.channel, address, input.token, input.code, {
        ...client,
        actor: { userId: null, username: input.username },
      })
      const password = openPassword(input.password, verification.secretKey, input.token)
      const weakness = passwordWeakness(password, input.username)
      if (weakness) throw ApiError.of(400, weakness)
      if (!(await repo.regionExists(input.regionCode))) throw ApiError.of(400, 'account.errors.regionInvalid')
      const taken: MessageKey | undefined = (await repo.usernameTaken(input.username))
        ? 'account.validation.usernameTaken'
        : (await repo.emailTaken(input.email))
          ? 'account.validation.emailTaken'
          : (await repo.telephoneTaken(input.telephone))
            ? 'account.validation.telephoneTaken'
            : undefined
      if (taken) {
        await failure('register', client, input.username, taken.split('.').pop() as string)
        throw ApiError.of(400, taken)
      }
      const passwordHash = await hashPassword(password)
      let userId: number
      try {
        userId = await repo.createPersonAccount({ ...input, email: normalizeAddress('email', input.email), passwordHash }, verification.id)
      } catch (err) {
        if (err instanceof VerificationUsed) throw codeInvalid()
        // two registrations of the same name or address at once: the unique indexes decide
        const constraint = (err as { constraint?: string }).constraint ?? String((err as Error).message)
        const key: MessageKey | undefined = constraint.includes('username')
          ? 'account.validation.usernameTaken'
          : constraint.includes('email')
            ? 'account.validation.emailTaken'
            : constraint.includes('telephone')
              ? 'account.validation.telephoneTaken'
              : undefined
        if (key) throw ApiError.of(400, key)
        throw err
      }
      await audit.record({
        actor: { userId, username: input.username },
        ip: client.ip,
        action: 'register',
        target: input.username,
        outcome: 'success',
        detail: { accountType: 0, verifiedBy: input.channel },
      })
      return { username: input.username }
    },

    /**
     * A new password by code: the rule of 等保 level 3 (not one of the last five), lock lifted, no
     * change pending, every session ended; then a new session unless the account is disabled.
     */
    async resetPassword(
      input: { channel: VerifyChannel; address: string; code: string; token: string; password: string },
      client: ClientInfo,
    ) {
      const verification = await verify('reset', input.channel, input.address, input.token, input.code, { ...client, actor: null })
      const account = await repo.findByAddress(input.channel, verification.recipient)
      if (!account) throw codeInvalid()
      const password = openPassword(input.password, verification.secretKey, input.token)
      const weakness = passwordWeakness(password, account.username)
      if (weakness) throw ApiError.of(400, weakness)
      if (await matchesAnyPassword(password, await repo.recentPasswordHashes(account.id))) {
        throw ApiError.of(400, 'account.errors.passwordRecent')
      }
      try {
        await repo.resetPassword(account.id, await hashPassword(password), verification.id)
      } catch (err) {
        if (err instanceof VerificationUsed) throw codeInvalid()
        throw err
      }
      await events.emit('account.passwordReset', { userId: account.id })
      await audit.record({
        actor: { userId: account.id, username: account.username },
        ip: client.ip,
        action: 'passwordReset',
        target: account.username,
        outcome: 'success',
        detail: { by: input.channel },
      })
      const token = account.disabled ? null : await auth.openSessionFor(account.id, client)
      return { username: account.username, token }
    },

    outboxPage: (pageNum: number, pageSize: number) => repo.outboxPage(pageNum, pageSize),

    /** The person information of the caller (fields null for accounts other than type 0). */
    async personDetail(userId: number): Promise<PersonDetail> {
      const found = await repo.personDetail(userId)
      if (!found) throw ApiError.of(401, 'errors.sessionExpired')
      return found
    },

    /** Changes a person account's information (the region must exist); audited. */
    async updatePersonDetail(caller: Caller, input: PersonDetailInput): Promise<PersonDetail> {
      const current = await repo.personDetail(caller.userId)
      if (!current) throw ApiError.of(401, 'errors.sessionExpired')
      if (current.accountType !== 0) throw ApiError.of(400, 'account.errors.notPersonAccount')
      if (!(await repo.regionExists(input.regionCode))) throw ApiError.of(400, 'account.errors.regionInvalid')
      await repo.updatePersonDetail(caller.userId, input)
      await events.emit('account.changed', { userId: caller.userId })
      const changed = (Object.keys(input) as Array<keyof PersonDetailInput>).filter((k) => input[k] !== current[k])
      await audit.record({
        actor: actorOf(caller),
        ip: caller.ip,
        action: 'personInfoUpdate',
        target: caller.username,
        detail: { changed },
      })
      const saved = await repo.personDetail(caller.userId)
      if (!saved) throw ApiError.of(401, 'errors.sessionExpired')
      return saved
    },

    /**
     * Binds a new e-mail or telephone after its code (purpose change) is checked: the address must be
     * free and not the current one; the code is used up in the same transaction. Audited.
     */
    async changeContact(caller: Caller, route: string, input: { channel: VerifyChannel; address: string; code: string; token: string }) {
      const recipient = normalizeAddress(input.channel, input.address)
      const verification = await verify('change', input.channel, recipient, input.token, input.code, {
        ip: caller.ip,
        route,
        actor: actorOf(caller),
      })
      const current = await repo.personDetail(caller.userId)
      const currentAddress = await repo.contactOf(caller.userId, input.channel)
      if (!current) throw ApiError.of(401, 'errors.sessionExpired')
      if (currentAddress !== null && normalizeAddress(input.channel, currentAddress) === recipient)
        throw ApiError.of(400, 'account.errors.sameAddress')
      const takenKey = input.channel === 'email' ? 'account.validation.emailTaken' : 'account.validation.telephoneTaken'
      if (input.channel === 'email' ? await repo.emailTaken(recipient) : await repo.telephoneTaken(recipient))
        throw ApiError.of(400, takenKey)
      try {
        await repo.changeContact(caller.userId, input.channel, recipient, verification.id)
      } catch (err) {
        if (err instanceof VerificationUsed) throw codeInvalid()
        if ((err as { code?: string }).code === '23505') throw ApiError.of(400, takenKey)
        throw err
      }
      await events.emit('account.changed', { userId: caller.userId })
      await audit.record({
        actor: actorOf(caller),
        ip: caller.ip,
        action: 'userUpdate',
        target: caller.username,
        detail: { changed: input.channel, to: maskAddress(input.channel, recipient) },
      })
      return maskAddress(input.channel, recipient)
    },
  }
}

export type AccountsService = ReturnType<typeof createAccountsService>

import type { PersonDetail, VerifyChannel, VerifyPurpose } from '@rs/shared'
import { type Kysely, sql } from 'kysely'
import { recentPasswordHashes, rememberCurrentPassword } from '../../db/password-history'
import type { Database } from '../../db/schema'

export interface NewPersonAccount {
  username: string
  passwordHash: string
  email: string
  telephone: string
  realName: string
  organization: string
  organizationType: string
  regionCode: string
  industry: string
  purpose: string
}

/** Thrown inside a transaction when the verification was used meanwhile; the transaction rolls back. */
export class VerificationUsed extends Error {}

/** SQL for availability checks, verification codes, registration, password reset and the outbox's page (capabilities/notification writes it). */
export function createAccountsRepository(db: Kysely<Database>) {
  async function markUsed(trx: Kysely<Database>, verificationId: number) {
    const row = await trx
      .updateTable('verification_code')
      .set({ used_at: sql<Date>`now()` })
      .where('id', '=', verificationId)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst()
    if (!row) throw new VerificationUsed()
  }

  return {
    async usernameTaken(username: string) {
      const row = await db.selectFrom('app_user').select('id').where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst()
      return row !== undefined
    },

    async emailTaken(email: string) {
      const row = await db.selectFrom('app_user').select('id').where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst()
      return row !== undefined
    },

    async telephoneTaken(telephone: string) {
      const row = await db.selectFrom('app_user').select('id').where('telephone', '=', telephone).executeTakeFirst()
      return row !== undefined
    },

    /** A region a person may name: any province, city or county (not the whole country). */
    async regionExists(code: string) {
      const row = await db.selectFrom('region').select('code').where('code', '=', code).where('level', '!=', 'country').executeTakeFirst()
      return row !== undefined
    },

    /** Seconds since the newest code to this recipient for this purpose (undefined: none), and the codes of the last hour per recipient and per client address. */
    async sendingHistory(channel: VerifyChannel, recipient: string, purpose: VerifyPurpose, ip: string) {
      const row = await db
        .selectFrom('verification_code')
        .select([
          sql<
            number | null
          >`extract(epoch from now() - max(created_at) filter (where channel = ${channel} and recipient = ${recipient} and purpose = ${purpose}))`.as(
            'sinceLast',
          ),
          sql<string>`count(*) filter (where channel = ${channel} and recipient = ${recipient})`.as('perRecipient'),
          sql<string>`count(*) filter (where ip = ${ip})`.as('perIp'),
        ])
        .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
        .where((eb) => eb.or([eb.and([eb('channel', '=', channel), eb('recipient', '=', recipient)]), eb('ip', '=', ip)]))
        .executeTakeFirstOrThrow()
      return {
        sinceLastSeconds: row.sinceLast === null ? undefined : Number(row.sinceLast),
        perRecipient: Number(row.perRecipient),
        perIp: Number(row.perIp),
      }
    },

    /**
     * Stores a new code (its HMAC) under the captcha token; an earlier code of the same recipient and
     * purpose stops working. Rows older than a day are dropped. Undefined when the token already names a code.
     */
    async saveCode(input: {
      token: string
      purpose: VerifyPurpose
      channel: VerifyChannel
      recipient: string
      codeHash: string
      secretKey: string
      ip: string
      ttlSeconds: number
    }) {
      await db.deleteFrom('verification_code').where('created_at', '<', sql<Date>`now() - interval '1 day'`).execute()
      await db
        .updateTable('verification_code')
        .set({ used_at: sql<Date>`now()` })
        .where('channel', '=', input.channel)
        .where('recipient', '=', input.recipient)
        .where('purpose', '=', input.purpose)
        .where('used_at', 'is', null)
        .execute()
      const row = await db
        .insertInto('verification_code')
        .values({
          token: input.token,
          purpose: input.purpose,
          channel: input.channel,
          recipient: input.recipient,
          code_hash: input.codeHash,
          secret_key: input.secretKey,
          ip: input.ip.slice(0, 64),
          expires_at: sql<Date>`now() + make_interval(secs => ${input.ttlSeconds})`,
        })
        // a token already naming a code (a client re-using its token): no second code under it
        .onConflict((oc) => oc.column('token').doNothing())
        .returning('id')
        .executeTakeFirst()
      return row?.id
    },

    /** Withdraws a code that could not be delivered. */
    async withdrawCode(id: number) {
      await db.updateTable('verification_code').set({ used_at: sql<Date>`now()` }).where('id', '=', id).execute()
    },

    /**
     * Reserves one try of a live code before it is compared: one UPDATE counts it, and only while
     * the code is unused, unexpired and has fewer than `maxTries` wrong tries (those in flight
     * included). Undefined: no such live code.
     */
    async reserveTry(input: { token: string; purpose: VerifyPurpose; channel: VerifyChannel; recipient: string; maxTries: number }) {
      return db
        .updateTable('verification_code')
        .set((eb) => ({ failed_tries: eb('failed_tries', '+', 1) }))
        .where('token', '=', input.token)
        .where('purpose', '=', input.purpose)
        .where('channel', '=', input.channel)
        .where('recipient', '=', input.recipient)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .where('failed_tries', '<', input.maxTries)
        .returning(['id', 'code_hash', 'secret_key'])
        .executeTakeFirst()
    },

    /** Gives back the try of a right code: only wrong codes count. */
    async refundTry(id: number) {
      await db
        .updateTable('verification_code')
        .set((eb) => ({ failed_tries: eb('failed_tries', '-', 1) }))
        .where('id', '=', id)
        .where('failed_tries', '>', 0)
        .execute()
    },

    /** The account and its person information in one transaction, with the code used up in it too. */
    async createPersonAccount(account: NewPersonAccount, verificationId: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await markUsed(trx, verificationId)
        const user = await trx
          .insertInto('app_user')
          .values({
            username: account.username,
            password_hash: account.passwordHash,
            account_type: 0,
            email: account.email,
            telephone: account.telephone,
            real_name: account.realName,
            organization: account.organization,
            password_changed_at: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await trx
          .insertInto('person_info')
          .values({
            user_id: user.id,
            organization_type: account.organizationType,
            region_code: account.regionCode,
            industry: account.industry,
            purpose: account.purpose,
            terms_accepted_at: new Date(),
          })
          .execute()
        return user.id
      })
    },

    /** A user's person information as registered (fields null without a person_info row). */
    async personDetail(userId: number): Promise<PersonDetail | undefined> {
      const row = await db
        .selectFrom('app_user as u')
        .leftJoin('person_info as p', 'p.user_id', 'u.id')
        .select([
          'u.username',
          'u.account_type',
          'u.real_name',
          'u.organization',
          'p.organization_type',
          'p.region_code',
          'p.industry',
          'p.purpose',
        ])
        .where('u.id', '=', userId)
        .executeTakeFirst()
      if (!row) return undefined
      return {
        username: row.username,
        accountType: row.account_type,
        realName: row.real_name,
        organization: row.organization,
        organizationType: (row.organization_type as PersonDetail['organizationType']) ?? null,
        regionCode: row.region_code ?? null,
        industry: (row.industry as PersonDetail['industry']) ?? null,
        purpose: row.purpose ?? null,
      }
    },

    /** Writes a person's information: name and organisation on app_user, the rest in person_info, in one transaction. */
    async updatePersonDetail(
      userId: number,
      d: Pick<NewPersonAccount, 'realName' | 'organization' | 'organizationType' | 'regionCode' | 'industry' | 'purpose'>,
    ) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('app_user').set({ real_name: d.realName, organization: d.organization }).where('id', '=', userId).execute()
        await trx
          .insertInto('person_info')
          .values({
            user_id: userId,
            organization_type: d.organizationType,
            region_code: d.regionCode,
            industry: d.industry,
            purpose: d.purpose,
            terms_accepted_at: new Date(),
          })
          .onConflict((oc) =>
            oc.column('user_id').doUpdateSet({
              organization_type: d.organizationType,
              region_code: d.regionCode,
              industry: d.industry,
              purpose: d.purpose,
            }),
          )
          .execute()
      })
    },

    async contactOf(userId: number, channel: VerifyChannel): Promise<string | null> {
      const row = await db.selectFrom('app_user').select(['email', 'telephone']).where('id', '=', userId).executeTakeFirst()
      return (channel === 'email' ? row?.email : row?.telephone) ?? null
    },

    /** Binds a new e-mail or telephone and uses up its code, in one transaction. */
    async changeContact(userId: number, channel: VerifyChannel, address: string, verificationId: number) {
      await db.transaction().execute(async (trx) => {
        await markUsed(trx, verificationId)
        await trx
          .updateTable('app_user')
          .set(channel === 'email' ? { email: address } : { telephone: address })
          .where('id', '=', userId)
          .execute()
      })
    },

    /** The account of an e-mail or telephone (never a service account). */
    async findByAddress(channel: VerifyChannel, address: string) {
      return db
        .selectFrom('app_user')
        .select(['id', 'username', 'disabled'])
        .where('is_service', '=', false)
        .where(channel === 'email' ? sql`lower(email)` : sql`telephone`, '=', address)
        .executeTakeFirst()
    },

    recentPasswordHashes(userId: number) {
      return recentPasswordHashes(db, userId)
    },

    /** A new password by code: history kept, lock lifted, no change pending, the code used up, all at once. */
    async resetPassword(userId: number, passwordHash: string, verificationId: number) {
      await db.transaction().execute(async (trx) => {
        await markUsed(trx, verificationId)
        await rememberCurrentPassword(trx, userId)
        await trx
          .updateTable('app_user')
          .set({
            password_hash: passwordHash,
            password_changed_at: new Date(),
            must_change_password: false,
            failed_attempts: 0,
            locked_until: null,
          })
          .where('id', '=', userId)
          .execute()
      })
    },

    async outboxPage(pageNum: number, pageSize: number) {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('outbox')
          .select(['id', 'at', 'channel', 'recipient', 'subject', 'text_body'])
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize)
          .execute(),
        db.selectFrom('outbox').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ])
      return {
        total: Number(count.n),
        items: rows.map((r) => ({
          id: Number(r.id),
          at: r.at.toISOString(),
          channel: r.channel,
          recipient: r.recipient,
          subject: r.subject,
          text: r.text_body,
        })),
      }
    },
  }
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>

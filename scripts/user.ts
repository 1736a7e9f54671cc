/**
 * Operator command for accounts, on the database the server uses (DATABASE_URL, or the embedded
 * one in DATA_DIR — stop the server first: the embedded database serves one process at a time).
 *
 *   npm run user -- add <name> [--admin] [--permissions MOD_056,MOD_058] [--regions 150000,130000] [--password-stdin] [--must-change]
 *   npm run user -- reset <name> [--password-stdin] [--must-change]
 *   npm run user -- unlock <name>
 *
 * Without --password-stdin a random password is made and printed once. Every change goes into the
 * audit log (address "cli").
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { WHOLE_COUNTRY_CODE } from '@rs/shared'
import { loadConfig } from '../apps/server/src/config'
import { AccountError, ADMIN_PERMISSIONS, createAccount, resetPassword, unlockAccount, withDisplay } from '../apps/server/src/db/accounts'
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database'
import { seedPermissionCatalogue } from '../apps/server/src/db/seed'
import { randomPassword } from '../apps/server/src/lib/password'
import { createAuditRepository } from '../apps/server/src/modules/audit/audit.repository'
import { createAuditService } from '../apps/server/src/modules/audit/audit.service'

const USAGE = `用法 / usage:
  npm run user -- add <用户名> [--admin] [--permissions MOD_056,MOD_058] [--regions 150000] [--password-stdin] [--must-change]
  npm run user -- reset <用户名> [--password-stdin] [--must-change]
  npm run user -- unlock <用户名>`

const MIN_PASSWORD = 8

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  const password = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '')
  if ([...password].length < MIN_PASSWORD) throw new AccountError(`密码至少${MIN_PASSWORD}个字符`)
  return password
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean)

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      admin: { type: 'boolean', default: false },
      permissions: { type: 'string' },
      regions: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      'must-change': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  const [command, username] = positionals
  if (values.help || !command || !username || !['add', 'reset', 'unlock'].includes(command)) {
    console.log(USAGE)
    process.exit(values.help ? 0 : 2)
  }

  const config = loadConfig()
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pgdata') })
  try {
    await migrateToLatest(database.db)
    // the permission catalogue, so the names show in the administrator's list
    await seedPermissionCatalogue(database.db)
    const audit = createAuditService(createAuditRepository(database.db))
    const record = (action: 'userCreate' | 'passwordChange' | 'userUnlock', detail: Record<string, unknown>) =>
      audit.record({ actor: null, ip: 'cli', action, target: username, detail: { via: 'cli', ...detail } })

    if (command === 'add') {
      const password = values['password-stdin'] ? await readStdin() : randomPassword()
      const permissions = values.admin ? ADMIN_PERMISSIONS : withDisplay(list(values.permissions))
      const regionIds = list(values.regions)
      if (values.admin && regionIds.length === 0) regionIds.push(WHOLE_COUNTRY_CODE)
      const id = await createAccount(database.db, { username, password, permissions, regionIds, mustChangePassword: values['must-change'] })
      await record('userCreate', { userId: id, permissions, regionIds })
      console.log(`已创建用户 ${username}（id ${id}）/ user created`)
      if (!values['password-stdin']) console.log(`初始密码（仅显示这一次）/ password (shown once):\n\n    ${password}\n`)
    } else if (command === 'reset') {
      const password = values['password-stdin'] ? await readStdin() : undefined
      const result = await resetPassword(database.db, username, { password, mustChangePassword: values['must-change'] })
      await record('passwordChange', { userId: result.userId, generated: result.generated })
      console.log(`已重置 ${username} 的密码，锁定已解除，原有会话已结束 / password reset, lock lifted, sessions ended`)
      if (result.generated) console.log(`新密码（仅显示这一次）/ new password (shown once):\n\n    ${result.password}\n`)
    } else {
      const result = await unlockAccount(database.db, username)
      await record('userUnlock', { userId: result.userId, wasLocked: result.wasLocked })
      console.log(result.wasLocked ? `已解除 ${username} 的登录锁定 / unlocked` : `${username} 未被锁定 / was not locked`)
    }
  } finally {
    await database.close()
  }
}

main().catch((error) => {
  if (error instanceof AccountError) {
    console.error(error.message)
    process.exit(1)
  }
  console.error('失败 / failed:', error)
  process.exit(1)
})

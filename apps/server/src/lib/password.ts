import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * The scrypt cost N as 2^`setting` (PASSWORD_SCRYPT_LOG2N, 10–20): 2^17 by default, current guidance
 * (OWASP: N = 2^17, r = 8, p = 1), about 128 MiB and 0.4–0.7 s per hash on a 2-core machine. The
 * test suites lower it (vitest.config.ts): they check what a password does, not how slow it is.
 * Undefined for a setting out of range; config.ts refuses to start with one.
 */
export function scryptCostOf(setting: string | undefined): number | undefined {
  const log2 = setting === undefined || setting === '' ? 17 : Number(setting)
  return Number.isInteger(log2) && log2 >= 10 && log2 <= 20 ? 2 ** log2 : undefined
}

/** scryptCostOf, throwing for a setting out of range. */
export function scryptCost(setting: string | undefined): number {
  const n = scryptCostOf(setting)
  if (n === undefined) throw new Error(`PASSWORD_SCRYPT_LOG2N 须为 10 到 20 的整数（当前：${setting}）`)
  return n
}

/** The cost new hashes are made with; a stored hash of a lower cost is redone at the next login. */
export const PASSWORD_COST = { n: scryptCost(process.env.PASSWORD_SCRYPT_LOG2N), r: 8, p: 1 } as const
const { n: N, r: R, p: P } = PASSWORD_COST
const KEY_BYTES = 32
/** Largest N a stored hash may name; a hash naming more is treated as malformed. */
const MAX_N = 2 ** 20

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; twice that leaves room for its own bookkeeping
  const maxmem = 128 * n * r * 2
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { N: n, r, p, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
  )
}

/** A slow, salted scrypt hash: scrypt$N$r$p$salt$key (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, N, R, P)
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$')
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, key] = stored.split('$')
  const cost = { n: Number(n), r: Number(r), p: Number(p) }
  const valid =
    scheme === 'scrypt' &&
    !!salt &&
    !!key &&
    Number.isInteger(cost.n) &&
    cost.n >= 2 &&
    cost.n <= MAX_N &&
    (cost.n & (cost.n - 1)) === 0 &&
    Number.isInteger(cost.r) &&
    cost.r >= 1 &&
    cost.r <= 32 &&
    Number.isInteger(cost.p) &&
    cost.p >= 1 &&
    cost.p <= 4
  return valid ? { ...cost, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') } : undefined
}

/** Spends the time of one real check without looking at any stored hash (unknown users, locked accounts). */
export async function dummyVerify(password: string): Promise<false> {
  await derive(password, randomBytes(16), N, R, P)
  return false
}

/** Checks a password against a stored hash in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored)
  // keep the timing of a real check so unknown users cannot be told apart
  if (!parsed) return dummyVerify(password)
  const actual = await derive(password, parsed.salt, parsed.n, parsed.r, parsed.p)
  return parsed.key.length === actual.length && timingSafeEqual(parsed.key, actual)
}

/**
 * Whether a password matches any of the stored hashes (the history rule). Checked one after
 * another: each scrypt takes about 128 MiB.
 */
export async function matchesAnyPassword(password: string, hashes: readonly string[]): Promise<boolean> {
  for (const hash of hashes) if (await verifyPassword(password, hash)) return true
  return false
}

/** Whether a stored hash was made with a lower cost than today's and should be redone at the next login. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored)
  return !!parsed && (parsed.n < N || parsed.r < R || parsed.p < P)
}

/** A random password for a new or reset account: 16 characters from letters, digits and signs, no look-alikes. */
export function randomPassword(length = 16): string {
  const lower = 'abcdefghjkmnpqrstuvwxyz'
  const upper = 'ABCDEFGHJKMNPQRSTUVWXYZ'
  const digits = '23456789'
  const signs = '@#%+=-_'
  const all = lower + upper + digits + signs
  const pick = (set: string, byte: number) => set[byte % set.length] as string
  const bytes = randomBytes(length)
  // one of each kind first, so every password meets a usual complexity rule
  const chars = [pick(lower, bytes[0] ?? 0), pick(upper, bytes[1] ?? 0), pick(digits, bytes[2] ?? 0), pick(signs, bytes[3] ?? 0)]
  for (let i = 4; i < length; i++) chars.push(pick(all, bytes[i] ?? 0))
  // shuffle (Fisher–Yates with fresh random bytes)
  const order = randomBytes(length)
  for (let i = chars.length - 1; i > 0; i--) {
    const j = (order[i] ?? 0) % (i + 1)
    ;[chars[i], chars[j]] = [chars[j] as string, chars[i] as string]
  }
  return chars.join('')
}

/** A hash that no password matches, for service accounts and for equal-time checks of unknown users. */
export const UNUSABLE_PASSWORD_HASH = '!unusable'

import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { scryptCostOf } from './lib/password'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

const flag = (fallback: boolean) =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'on' || v === 'true' || v === '1'))

/** Every setting the server reads from the environment; README.md lists them all. */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(repoRoot, '.data')),
  DATABASE_URL: z.string().url().optional(),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag(false),
  SEED_DEMO: flag(true),
  /** Generate the demo image archive (illustrative scenes from the real orbits) at start; off for a real archive. */
  ARCHIVE_DEMO: flag(true),
  /** Generate the demo monitoring spots (示意, eight modules) at start; off when real batches are imported. */
  MONITOR_DEMO: flag(true),
  /** Load the demo procurement plans (示意: years 2024, 2025 and the open 2027) at start; off removes them for a real deployment. */
  PLAN_DEMO: flag(true),
  AUTO_LOGIN: flag(true),
  /** scrypt cost of password hashes, 2^n (lib/password.ts reads it and owns its range; checked here so a bad value stops the start). */
  PASSWORD_SCRYPT_LOG2N: z
    .string()
    .optional()
    .refine((v) => scryptCostOf(v) !== undefined, { error: '须为 10 到 20 的整数' }),
  BOOTSTRAP_ADMIN_PASSWORD: z.string().min(8, { error: '至少8个字符' }).max(128).optional(),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(180, { error: '审计日志至少保存180天' }).default(180),
  SESSION_MAX_PER_USER: z.coerce.number().int().positive().default(5),
  SERVICE_SESSION_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .max(24 * 60)
    .default(30),
  SERVICE_SESSION_MAX: z.coerce.number().int().positive().default(200),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_MAX_HOURS: z.coerce.number().int().positive().default(12),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().default(15),
  LOGIN_RATE_PER_MINUTE: z.coerce.number().int().positive().default(30),
  CAPTCHA_TTL_SECONDS: z.coerce.number().int().positive().default(300),
  CAPTCHA_RATE_PER_MINUTE: z.coerce.number().int().positive().default(60),
  ENGLISH_SITE_URL: z.string().default(''),
  ORBIT3D_URL: z.string().default(''),
  CITY_EYE_URL: z.string().default(''),
  /** 本地数据: the province's aerospace imagery as XYZ tiles, e.g. https://tiles.example.gov.cn/img/{z}/{x}/{y}.png (empty: hidden). */
  PROVINCE_IMAGERY_TILES: z.string().default(''),
  SITE_OWNER: z.string().default('自然资源卫星遥感云服务平台（演示部署）'),
  SITE_ADDRESS: z.string().default(''),
  SITE_PHONE: z.string().default(''),
  SITE_EMAIL: z.string().default(''),
  SITE_ICP: z.string().default('演示部署，未备案'),
  SITE_PSB: z.string().default('演示部署，未备案'),
  APP_DOWNLOAD_URL: z.string().default(''),
  TIANDITU_KEY: z.string().default(''),
  /** The portal's address as the public sees it (scheme, host, port, path prefix); OGC capabilities build their links from it. */
  PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .transform((v) => v?.replace(/\/+$/, '')),
  /** The portal is served over TLS (directly or behind a proxy): send HSTS. */
  HSTS: flag(false),
  AOI_UPLOADS_PER_MINUTE: z.coerce.number().int().positive().default(20),
  MAP_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(300),
  MAP_TILES_PER_MINUTE: z.coerce.number().int().positive().default(3000),
  DB_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().min(0).max(3600).default(20),
  WORKER_THREADS: z.coerce.number().int().min(0).max(64).default(0),
  WORKER_KEEP_THREADS: z.coerce.number().int().min(0).max(64).default(1),
  /** Outgoing mail (verification codes): a URL, or host/port/user/pass; neither: the outbox table. */
  SMTP_URL: z.string().default(''),
  SMTP_HOST: z.string().default(''),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: flag(false),
  SMTP_REQUIRE_TLS: flag(false),
  SMTP_TLS_REJECT_UNAUTHORIZED: flag(true),
  SMTP_USER: z.string().default(''),
  SMTP_PASS: z.string().default(''),
  SMTP_FROM: z.string().default('"自然资源卫星遥感云服务平台" <noreply@localhost>'),
  VERIFY_CODES_PER_RECIPIENT_PER_HOUR: z.coerce.number().int().positive().default(10),
  VERIFY_CODES_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(30),
  ACCOUNT_CHECKS_PER_MINUTE: z.coerce.number().int().positive().default(60),
  ACCOUNT_SUBMITS_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /** Orders: days a produced package stays downloadable; packages live in DATA_DIR/orders. */
  /** Pushes: the root folder every push node's delivery folder lies under (default DATA_DIR/push). */
  PUSH_DIR: z.string().default(''),
  /** Seals secrets the portal keeps for others (a push node's bucket key); empty: a random key file made once in DATA_DIR. Instances share it. */
  SECRETS_KEY: z.string().default(''),
  ORDER_DOWNLOAD_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** Minutes between sweeps that expire orders and remove their packages (0: only at start). */
  ORDER_SWEEP_MINUTES: z.coerce.number().int().min(0).max(1440).default(10),
  /** Package downloads (and extraction-code tries) per client address and minute. */
  ORDER_DOWNLOADS_PER_MINUTE: z.coerce.number().int().positive().default(60),
})

export type Config = z.output<typeof Env>

/** Reads the configuration; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = Env.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`配置有误：${problems}`)
  }
  return parsed.data
}

import { z } from 'zod'
import { en, zhCN } from 'zod/locales'
import { forbiddenCharacter } from '../domain/text'
import { type LazyText, lazyMessage, type MessageKey, momentLocale, textOf } from '../messages'

// Every contract imports this module before it builds a schema. In a browser the portal's
// Content-Security-Policy forbids eval, and zod's probe for it (`new Function('')`, made when the
// first object schema is built) is reported as a violation on every page; parsing without zod's
// compiled fast path is as correct. The server keeps the fast path.
if (typeof document !== 'undefined') z.config({ jitless: true })
// zod's own messages (a wrong type, an unknown variant of a union), where a schema names no message of
// its own, in the language of the moment (the caller's on the server): Chinese by default
const zodChinese = zhCN().localeError
const zodEnglish = en().localeError
z.config({ localeError: (issue) => (momentLocale() === 'en-US' ? zodEnglish : zodChinese)(issue) })

/** The answer envelope of SPEC.md §7: code 0 is success; errors carry the HTTP status as code. */
export const Envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.number().int().describe('0 success; 2 login needs a password change; otherwise the HTTP status of the error'),
    message: z.string().describe('text for the user, in the caller’s language (x-portal-lang; Chinese by default)'),
    data,
  })

export interface EnvelopeOf<T> {
  code: number
  message: string
  data: T
}

/**
 * Who may call an endpoint; the server enforces it for every call before the query or body is read.
 * - 'public': anyone; 'login': any live session;
 * - 'account': a live session of an account, not an automatic login. The automatic logins of
 *   SPEC.md §4 (`?code=1|2`) share one built-in service account among every visitor of the link, so
 *   a route reading or writing per-account private state (cart, orders and their packages,
 *   applications, kept orbit predictions, person information) declares this: such a session is
 *   answered 401 with envelope code API_CODE.accountRequired (the web opens the login dialog);
 * - { permission }: a session holding that module code (MOD_xxx);
 * - { permission, areaScope }: also an area range (SPEC.md §3). `true` asks for at least one allowed
 *   region; { regionField } also checks that the region code in that query or body field lies inside
 *   the user's allowed regions (whole country 100000 covers all; a province or city covers its children).
 */
export type RouteAuth = 'public' | 'login' | 'account' | PermissionRule

export interface PermissionRule {
  permission: string
  areaScope?: true | { regionField: string }
}

/** One endpoint, declared once and bound by the server and the web client alike. */
export interface ApiRoute<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
  A extends RouteAuth = RouteAuth,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Path under the server root, starting with /api. */
  path: string
  summary: string
  tags: string[]
  auth: A
  query?: Q
  body?: B
  /** Schema of the envelope's data. */
  data: D
}

export function defineRoute<
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  D extends z.ZodType,
  const A extends RouteAuth = RouteAuth,
>(route: ApiRoute<Q, B, D, A>): ApiRoute<Q, B, D, A> {
  return route
}

/**
 * A route as the web knows it: method and path only (contracts/api-paths.ts, generated from the
 * descriptors), so the browser never builds the zod schemas. The descriptor rides along as a type.
 */
export interface RouteRef<R extends ApiRoute = ApiRoute> {
  readonly method: R['method']
  readonly path: string
  /** Never set: carries the descriptor's type for QueryOf, BodyOf and DataOf. */
  readonly contract?: R
}

/** The descriptor behind a route or a RouteRef. */
type ContractOf<R> = R extends ApiRoute ? R : R extends RouteRef<infer C> ? C : never

export type QueryOf<R> =
  ContractOf<R> extends ApiRoute<infer Q, z.ZodType | undefined, z.ZodType> ? (Q extends z.ZodType ? z.input<Q> : undefined) : never
export type BodyOf<R> =
  ContractOf<R> extends ApiRoute<z.ZodType | undefined, infer B, z.ZodType> ? (B extends z.ZodType ? z.input<B> : undefined) : never
export type DataOf<R> = ContractOf<R> extends ApiRoute<z.ZodType | undefined, z.ZodType | undefined, infer D> ? z.output<D> : never

/**
 * A string of one line: no control characters, no line breaks or tabs, no lone surrogates
 * (domain/text.ts). Every single-line string of the contracts goes through this; multi-line text
 * (an article body) through `text({ multiline: true })`.
 */
export function text(options: { max?: number; multiline?: boolean; error?: LazyText; tooLong?: LazyText } = {}) {
  const { max = 200, multiline = false } = options
  const given = options.error
  const error = given ?? lazyMessage('input.textLine')
  const tooLong =
    options.tooLong ??
    (given !== undefined ? lazyMessage('input.tooLongOf', { message: () => textOf(given), max }) : lazyMessage('input.tooLong', { max }))
  return z
    .string({ error: given })
    .max(max, { error: tooLong })
    .refine((s) => forbiddenCharacter(s, { multiline }) === undefined, { error })
}

/** A required, trimmed string whose missing or empty value gives one clear message (in the caller's language). */
export function requiredString(missing: MessageKey, max = 200, options: { multiline?: boolean } = {}) {
  const message = lazyMessage(missing)
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: lazyMessage('input.tooLongOf', { message, max }) })
    .refine((s) => forbiddenCharacter(s, options) === undefined, { error: lazyMessage('input.textLine') })
}

/** Largest id of the database's integer keys (PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647

const ID_ERROR = lazyMessage('input.badId')
/** Digits only, no sign, no leading zero, no exponent: how an id or a count is written in a URL. */
const DIGITS = /^(0|[1-9]\d{0,15})$/

/** An id in a JSON body: a JSON integer from 1 to MAX_ID (never `true`, a string or 1.5). */
export const Id = z.number({ error: ID_ERROR }).int({ error: ID_ERROR }).min(1, { error: ID_ERROR }).max(MAX_ID, { error: ID_ERROR })

/**
 * A whole number in a query string or path: digits only (no sign, exponent, spaces or hex), within
 * [min, max]. The web may pass a number; it is sent as its digits.
 */
export function queryInt(min: number, max: number, error: LazyText = lazyMessage('input.badInteger', { min, max })) {
  return z
    .union([z.number({ error }), z.string({ error }).regex(DIGITS, { error }).transform(Number)], { error })
    .pipe(z.number().int({ error }).min(min, { error }).max(max, { error }))
}

/** An id in a query string or path: /^[1-9]\d*$/ up to MAX_ID. */
export const IdParam = queryInt(1, MAX_ID, ID_ERROR)

/** A stored attachment of a workflow as the API answers it (its bytes come from the workflow's download route). */
export const AttachmentInfo = z.object({
  id: z.number().int(),
  fileName: z.string(),
  contentType: z.string().describe('application/pdf, image/png or image/jpeg, judged by the bytes'),
  bytes: z.number().int(),
})
export type AttachmentInfo = z.infer<typeof AttachmentInfo>

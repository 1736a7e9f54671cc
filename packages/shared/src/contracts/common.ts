import { z } from 'zod'
import { type MessageKey, tZh } from '../messages'

/** The answer envelope of SPEC.md §7: code 0 is success; errors carry the HTTP status as code. */
export const Envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.number().int().describe('0 success; 2 login needs a password change; otherwise the HTTP status of the error'),
    message: z.string().describe('Chinese text for the user'),
    data,
  })

export interface EnvelopeOf<T> {
  code: number
  message: string
  data: T
}

/** Business codes that are not HTTP statuses. */
export const API_CODE = { ok: 0, upgradeRequired: 2 } as const

/** Who may call an endpoint. The server enforces it for every call. */
export type RouteAuth = 'public' | 'login' | { permission: string }

/** One endpoint, declared once and bound by the server and the web client alike. */
export interface ApiRoute<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Path under the server root, starting with /api. */
  path: string
  summary: string
  tags: string[]
  auth: RouteAuth
  query?: Q
  body?: B
  /** Schema of the envelope's data. */
  data: D
}

export function defineRoute<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, D extends z.ZodType>(
  route: ApiRoute<Q, B, D>,
): ApiRoute<Q, B, D> {
  return route
}

export type QueryOf<R> =
  R extends ApiRoute<infer Q, z.ZodType | undefined, z.ZodType> ? (Q extends z.ZodType ? z.input<Q> : undefined) : never
export type BodyOf<R> =
  R extends ApiRoute<z.ZodType | undefined, infer B, z.ZodType> ? (B extends z.ZodType ? z.input<B> : undefined) : never
export type DataOf<R> = R extends ApiRoute<z.ZodType | undefined, z.ZodType | undefined, infer D> ? z.output<D> : never

/** A required, trimmed string whose missing or empty value gives one clear Chinese message. */
export function requiredString(missing: MessageKey, max = 200) {
  const message = tZh(missing)
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `${message}（最多${max}个字符）` })
}

export const Id = z.coerce.number().int().positive()

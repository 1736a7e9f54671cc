import { autoLogin } from '@rs/shared/api-paths'
import { callApi } from '../../../lib/api-client'

/** The link codes that trigger an automatic login (SPEC.md §4). */
export type AutoLoginCode = 1 | 2

export function parseAutoLoginCode(value: string | null): AutoLoginCode | undefined {
  if (value === '1') return 1
  if (value === '2') return 2
  return undefined
}

/** POST auto-login with a built-in service account; resolves with the session token. */
export async function loginAutomatically(code: AutoLoginCode): Promise<string> {
  const { token } = await callApi(autoLogin, { body: { code } })
  return token
}

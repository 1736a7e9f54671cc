import { type BodyOf, encryptPassword } from '@rs/shared'
import { login } from '@rs/shared/api-paths'
import { callApi } from '../../../lib/api-client'
import type { Captcha } from './fetch-captcha'

export interface LoginForm {
  username: string
  password: string
  captcha: string
}

/** The wire body: the password sealed with the captcha's one-time key (SPEC.md §5). */
export function buildLoginBody(form: LoginForm, captcha: Captcha): BodyOf<typeof login> {
  return {
    username: form.username.trim(),
    password: encryptPassword(form.password, captcha.publicKey, captcha.token),
    captcha: form.captcha.trim(),
    token: captcha.token,
  }
}

/** POST loginv2; resolves with the session token on code 0, rejects with ApiError otherwise (code 2 included). */
export async function loginWithPassword(form: LoginForm, captcha: Captcha): Promise<string> {
  const data = await callApi(login, { body: buildLoginBody(form, captcha) })
  if (!data.token) throw new Error('login answered without a token')
  return data.token
}

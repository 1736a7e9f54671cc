import { type BodyOf, encryptPassword, type VerifyChannel, type VerifyPurpose } from '@rs/shared'
import {
  changePassword,
  checkCode,
  forgetPassword,
  register,
  sendEmailCode,
  sendTelephoneCode,
  validEmail,
  validTelephone,
  validUsername,
} from '@rs/shared/api-paths'
import { callApi } from '../../../lib/api-client'
import type { Captcha } from './fetch-captcha'

/** Whether a user name, e-mail or telephone is still free (the server answers; malformed values reject). */
export async function isAvailable(kind: 'username' | 'email' | 'telephone', value: string): Promise<boolean> {
  if (kind === 'username') return (await callApi(validUsername, { query: { username: value } })).available
  if (kind === 'email') return (await callApi(validEmail, { query: { email: value } })).available
  return (await callApi(validTelephone, { query: { telephone: value } })).available
}

/** Asks for a code; the captcha is used up, and its token and key name and seal what follows. */
export async function sendCode(purpose: VerifyPurpose, channel: VerifyChannel, address: string, captcha: Captcha, answer: string) {
  const common = { purpose, captcha: answer.trim(), token: captcha.token }
  return channel === 'email'
    ? callApi(sendEmailCode, { body: { ...common, email: address.trim() } })
    : callApi(sendTelephoneCode, { body: { ...common, telephone: address.trim() } })
}

export async function verifyCode(purpose: VerifyPurpose, channel: VerifyChannel, address: string, code: string, captcha: Captcha) {
  await callApi(checkCode, { body: { purpose, channel, address: address.trim(), code: code.trim(), token: captcha.token } })
}

export type RegisterFields = Omit<BodyOf<typeof register>, 'password' | 'token' | 'code' | 'channel'>

export async function registerAccount(fields: RegisterFields, password: string, channel: VerifyChannel, code: string, captcha: Captcha) {
  return callApi(register, {
    body: {
      ...fields,
      password: encryptPassword(password, captcha.publicKey, captcha.token),
      channel,
      code: code.trim(),
      token: captcha.token,
    },
  })
}

export async function resetPasswordByCode(channel: VerifyChannel, address: string, code: string, password: string, captcha: Captcha) {
  return callApi(forgetPassword, {
    body: {
      channel,
      address: address.trim(),
      code: code.trim(),
      token: captcha.token,
      password: encryptPassword(password, captcha.publicKey, captcha.token),
    },
  })
}

/** The change with the old password (passwordv2): both sealed with one captcha's key. */
export async function changePasswordWithOld(
  form: { username: string; oldPassword: string; newPassword: string; captcha: string },
  captcha: Captcha,
) {
  await callApi(changePassword, {
    body: {
      username: form.username.trim(),
      oldPassword: encryptPassword(form.oldPassword, captcha.publicKey, captcha.token),
      newPassword: encryptPassword(form.newPassword, captcha.publicKey, captcha.token),
      captcha: form.captcha.trim(),
      token: captcha.token,
    },
  })
}

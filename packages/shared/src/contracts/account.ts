import { z } from 'zod'
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  INDUSTRIES,
  ORGANIZATION_TYPES,
  TELEPHONE_PATTERN,
  USERNAME_PATTERN,
  VERIFY_CHANNELS,
  VERIFY_CODE_PATTERN,
  VERIFY_PURPOSES,
} from '../domain/account'
import { PERMISSION } from '../domain/permissions'
import { REGION_CODE_PATTERN } from '../domain/region-code'
import { lazyMessage } from '../messages'
import { CaptchaToken } from './auth'
import { defineRoute, queryInt, requiredString, text } from './common'

// Self-registration, password reset by code, verification codes and the outbox (issue 11).

const msg = lazyMessage

export const Username = z
  .string({ error: msg('account.validation.usernameRequired') })
  .trim()
  .min(1, { error: msg('account.validation.usernameRequired') })
  .regex(USERNAME_PATTERN, { error: msg('account.validation.usernameFormat') })
  .describe('4–32 letters, digits or underscores, starting with a letter')

export const Email = z
  .string({ error: msg('account.validation.emailRequired') })
  .trim()
  .toLowerCase()
  .min(1, { error: msg('account.validation.emailRequired') })
  .max(EMAIL_MAX_LENGTH, { error: msg('account.validation.emailFormat') })
  .regex(EMAIL_PATTERN, { error: msg('account.validation.emailFormat') })

export const Telephone = z
  .string({ error: msg('account.validation.telephoneRequired') })
  .trim()
  .min(1, { error: msg('account.validation.telephoneRequired') })
  .regex(TELEPHONE_PATTERN, { error: msg('account.validation.telephoneFormat') })

export const VerifyPurposeField = z.enum(VERIFY_PURPOSES, { error: msg('account.validation.purposeInvalid') })
export const VerifyChannelField = z.enum(VERIFY_CHANNELS, { error: msg('account.validation.channelInvalid') })
export const VerifyCode = z
  .string({ error: msg('account.code.required') })
  .trim()
  .regex(VERIFY_CODE_PATTERN, { error: msg('account.code.required') })

const Availability = z.object({ available: z.boolean().describe('false: an account already uses it') })

export const validUsername = defineRoute({
  method: 'GET',
  path: '/api/usercenter/valid/username',
  summary: '检查用户名是否可注册',
  tags: ['usercenter'],
  auth: 'public',
  query: z.object({ username: Username }),
  data: Availability,
})

export const validEmail = defineRoute({
  method: 'GET',
  path: '/api/usercenter/valid/email',
  summary: '检查电子邮箱是否可注册',
  tags: ['usercenter'],
  auth: 'public',
  query: z.object({ email: Email }),
  data: Availability,
})

export const validTelephone = defineRoute({
  method: 'GET',
  path: '/api/usercenter/valid/telephone',
  summary: '检查手机号码是否可注册',
  tags: ['usercenter'],
  auth: 'public',
  query: z.object({ telephone: Telephone }),
  data: Availability,
})

const CaptchaFields = {
  captcha: requiredString('login.captchaRequired', 16).describe('answer of the picture captcha of `token`'),
  token: CaptchaToken.describe('the picture captcha token; it also names the verification (and its key seals the password later)'),
}

export const SentCode = z.object({
  resendSeconds: z.number().int().describe('seconds before another code may be asked for'),
  expiresSeconds: z.number().int().describe('seconds the code stays valid'),
})

export const sendEmailCode = defineRoute({
  method: 'POST',
  path: '/api/captcha/sendemail',
  summary: '发送邮箱验证码（需图形验证码；找回密码时不透露该邮箱是否已注册）',
  tags: ['captcha'],
  auth: 'public',
  body: z.object({ email: Email, purpose: VerifyPurposeField, ...CaptchaFields }),
  data: SentCode,
})

export const sendTelephoneCode = defineRoute({
  method: 'POST',
  path: '/api/captcha/sendtelephone',
  summary: '发送手机短信验证码（需图形验证码；找回密码时不透露该号码是否已注册）',
  tags: ['captcha'],
  auth: 'public',
  body: z.object({ telephone: Telephone, purpose: VerifyPurposeField, ...CaptchaFields }),
  data: SentCode,
})

export const CheckCodeBody = z.object({
  purpose: VerifyPurposeField,
  channel: VerifyChannelField,
  address: text({ max: EMAIL_MAX_LENGTH }).describe('the e-mail or telephone the code was sent to'),
  code: VerifyCode,
  token: CaptchaToken,
})

export const checkCode = defineRoute({
  method: 'POST',
  path: '/api/captcha/check',
  summary: '核对验证码（不消耗验证码；错误计入5次尝试）',
  tags: ['captcha'],
  auth: 'public',
  body: CheckCodeBody,
  data: z.null(),
})

const SealedPassword = requiredString('account.validation.passwordRequired', 1024).describe(
  'sealed with the key of the captcha `token` (header x-login-key), as the login sends it',
)

export const RegisterBody = z.object({
  username: Username,
  password: SealedPassword,
  email: Email,
  telephone: Telephone,
  realName: requiredString('account.validation.realNameRequired', 50),
  organization: requiredString('account.validation.organizationRequired', 100),
  organizationType: z.enum(ORGANIZATION_TYPES, { error: msg('account.validation.organizationTypeRequired') }),
  regionCode: z
    .string({ error: msg('account.validation.regionRequired') })
    .regex(REGION_CODE_PATTERN, { error: msg('account.validation.regionRequired') })
    .describe('the city (or a province-level city) of the person'),
  industry: z.enum(INDUSTRIES, { error: msg('account.validation.industryRequired') }),
  purpose: requiredString('account.validation.purposeRequired', 200),
  termsAccepted: z.literal(true, { error: msg('account.validation.termsRequired') }),
  channel: VerifyChannelField.describe('which of email and telephone the code confirmed'),
  code: VerifyCode,
  token: CaptchaToken,
})

export const register = defineRoute({
  method: 'POST',
  path: '/api/usercenter/register',
  summary: '注册个人账号（账号类型0）：邮箱或手机号经验证码确认，账号与个人信息一并写入',
  tags: ['usercenter'],
  auth: 'public',
  body: RegisterBody,
  data: z.object({ username: z.string() }),
})

export const ForgetPasswordBody = z.object({
  channel: VerifyChannelField,
  address: text({ max: EMAIL_MAX_LENGTH }).describe('the e-mail or telephone of the account'),
  code: VerifyCode,
  token: CaptchaToken,
  password: SealedPassword.describe('the new password, sealed with the key of the captcha `token`'),
})

export const forgetPassword = defineRoute({
  method: 'POST',
  path: '/api/usercenter/forgetpwd',
  summary: '通过邮箱或手机验证码重置密码；成功后解除锁定、结束原有会话并登录',
  tags: ['usercenter'],
  auth: 'public',
  body: ForgetPasswordBody,
  data: z.object({
    username: z.string(),
    token: z.string().nullable().describe('a new session; null when the account is disabled'),
  }),
})

export const OutboxMessage = z.object({
  id: z.number().int(),
  at: z.string().describe('ISO time'),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  text: z.string(),
})
export type OutboxMessage = z.infer<typeof OutboxMessage>

export const adminOutbox = defineRoute({
  method: 'GET',
  path: '/api/admin/outbox',
  summary: '发件箱：未配置 SMTP 或短信服务时保存的验证码邮件与短信（系统管理权限）',
  tags: ['admin'],
  auth: { permission: PERMISSION.systemAdmin },
  query: z.object({ pageNum: queryInt(1, 100_000).default(1), pageSize: queryInt(1, 100).default(20) }),
  data: z.object({
    total: z.number().int(),
    items: z.array(OutboxMessage),
    mailMode: z.enum(['smtp', 'outbox']).describe('how e-mail goes out now'),
  }),
})

/** The person information of account type 0 as registered (SPEC §3 personInfo), for the personal centre. */
export const PersonDetail = z.object({
  username: z.string(),
  accountType: z.number().int(),
  realName: z.string(),
  organization: z.string(),
  organizationType: z.enum(ORGANIZATION_TYPES).nullable(),
  regionCode: z.string().nullable().describe('the city (or province-level city) of the person'),
  industry: z.enum(INDUSTRIES).nullable(),
  purpose: z.string().nullable(),
})
export type PersonDetail = z.infer<typeof PersonDetail>

export const personDetail = defineRoute({
  method: 'GET',
  path: '/api/usercenter/detail',
  summary: '当前用户的个人信息（注册时填写的姓名、单位、单位类型、所在省市、所属行业、使用目的）',
  tags: ['usercenter'],
  auth: 'account',
  data: PersonDetail,
})

export const PersonDetailBody = RegisterBody.pick({
  realName: true,
  organization: true,
  organizationType: true,
  regionCode: true,
  industry: true,
  purpose: true,
})

export const personDetailUpdate = defineRoute({
  method: 'POST',
  path: '/api/usercenter/detail/update',
  summary: '修改个人信息（个人账号；记入审计日志）',
  tags: ['usercenter'],
  auth: 'account',
  body: PersonDetailBody,
  data: PersonDetail,
})

export const changeEmail = defineRoute({
  method: 'POST',
  path: '/api/usercenter/email',
  summary: '更换绑定邮箱：验证码（用途 change）发到新邮箱并核对后生效（记入审计日志）',
  tags: ['usercenter'],
  auth: 'account',
  body: z.object({ email: Email, code: VerifyCode, token: CaptchaToken }),
  data: z.object({ email: z.string().describe('masked') }),
})

export const changeTelephone = defineRoute({
  method: 'POST',
  path: '/api/usercenter/telephone',
  summary: '更换绑定手机：验证码（用途 change）发到新号码并核对后生效（记入审计日志）',
  tags: ['usercenter'],
  auth: 'account',
  body: z.object({ telephone: Telephone, code: VerifyCode, token: CaptchaToken }),
  data: z.object({ telephone: z.string().describe('masked') }),
})

import { z } from 'zod'
import { CAPTCHA_TOKEN_PATTERN } from '../domain/constants'
import { lazyMessage } from '../messages'
import { defineRoute, requiredString } from './common'

export const CaptchaToken = z
  .string({ error: lazyMessage('errors.captchaTokenInvalid') })
  .regex(CAPTCHA_TOKEN_PATTERN, { error: lazyMessage('errors.captchaTokenInvalid') })
  .describe('32 random letters or digits made by the browser')

/** GET the captcha image: the answer is SVG markup; header x-login-key carries the one-time public key. */
export const captchaImage = defineRoute({
  method: 'GET',
  path: '/api/captcha/image',
  summary: '登录验证码图片（SVG），响应头 x-login-key 为本次登录的一次性公钥',
  tags: ['captcha'],
  auth: 'public',
  query: z.object({ token: CaptchaToken }),
  data: z.string(),
})

export const LoginBody = z.object({
  username: requiredString('login.usernameRequired', 64).describe('user name, phone or e-mail'),
  password: requiredString('login.passwordRequired', 1024).describe('sealed with the captcha key, base64url'),
  captcha: requiredString('login.captchaRequired', 16),
  token: CaptchaToken,
})

export const LoginData = z.object({ token: z.string().nullable().describe('session token; null when code 2 asks for a password change') })

export const login = defineRoute({
  method: 'POST',
  path: '/api/userinfo/loginv2',
  summary: '用户登录（密码以验证码一次性密钥加密）',
  tags: ['userinfo'],
  auth: 'public',
  body: LoginBody,
  data: LoginData,
})

export const autoLogin = defineRoute({
  method: 'POST',
  path: '/api/userinfo/auto-login',
  summary: '以内置服务账号自动登录（链接参数 code=1 或 code=2）',
  tags: ['userinfo'],
  auth: 'public',
  body: z.object({ code: z.union([z.literal(1), z.literal(2)], { error: lazyMessage('validation.autoLoginCode') }) }),
  data: z.object({ token: z.string() }),
})

export const logout = defineRoute({
  method: 'POST',
  path: '/api/userinfo/logout',
  summary: '退出登录，注销当前会话',
  tags: ['userinfo'],
  auth: 'login',
  data: z.null(),
})

export const ChangePasswordBody = z.object({
  username: requiredString('login.usernameRequired', 64).describe('user name, phone or e-mail'),
  oldPassword: requiredString('login.passwordRequired', 1024).describe('current password, sealed with the captcha key'),
  newPassword: requiredString('login.newPasswordRequired', 1024).describe('new password, sealed with the same captcha key'),
  captcha: requiredString('login.captchaRequired', 16),
  token: CaptchaToken,
})

/** The password change of the code 2 upgrade (SPEC.md §5) and of stale passwords; needs no session. */
export const changePassword = defineRoute({
  method: 'POST',
  path: '/api/usercenter/passwordv2',
  summary: '修改密码（原密码与新密码均以验证码一次性密钥加密；失败计入登录锁定）',
  tags: ['usercenter'],
  auth: 'public',
  body: ChangePasswordBody,
  data: z.null(),
})

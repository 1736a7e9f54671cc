import { LOGIN_KEY_HEADER } from '@rs/shared'
import { captchaImage } from '@rs/shared/api-paths'
import { ApiError, apiUrl, authHeaders, fetchOrFail } from '../../../lib/api-client'
import { getT } from '../../../lib/i18n'

/** One captcha: its client token, the SVG markup and the one-time public key for the password. */
export interface Captcha {
  token: string
  svg: string
  publicKey: string
}

/** GET the captcha image for a token (raw SVG, not an envelope; the key comes in a header). */
export async function fetchCaptcha(token: string): Promise<Captcha> {
  const response = await fetchOrFail(apiUrl(captchaImage, { token }), { headers: authHeaders(), cache: 'no-store' })
  const publicKey = response.headers.get(LOGIN_KEY_HEADER)
  if (!response.ok || !publicKey) throw new ApiError(response.status, response.status, getT()('login.captchaLoadFailed'))
  return { token, svg: await response.text(), publicKey }
}

/** The SVG as an image address for <img src>. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}

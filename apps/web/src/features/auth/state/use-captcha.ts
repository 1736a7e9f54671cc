import { useCallback, useRef, useState } from 'react'
import { type Captcha, fetchCaptcha } from '../api/fetch-captcha'
import { newCaptchaToken } from '../utils/captcha-token'

export type CaptchaState = 'idle' | 'loading' | 'failed'

/**
 * A picture captcha of one form (login, code sending, password change): `refresh` fetches a new one
 * under a new token; only the latest request's answer is kept, so a slow old picture never
 * replaces a newer one. Each captcha serves once, so a form refreshes after every submit.
 */
export function useCaptcha() {
  const [captcha, setCaptcha] = useState<Captcha | null>(null)
  const [captchaState, setCaptchaState] = useState<CaptchaState>('idle')
  const latest = useRef(0)

  const refresh = useCallback(async () => {
    const request = ++latest.current
    setCaptcha(null)
    setCaptchaState('loading')
    try {
      const next = await fetchCaptcha(newCaptchaToken())
      if (request !== latest.current) return
      setCaptcha(next)
      setCaptchaState('idle')
    } catch (error) {
      if (request !== latest.current) return
      console.error('captcha failed', error)
      setCaptchaState('failed')
    }
  }, [])

  return { captcha, captchaState, refresh }
}

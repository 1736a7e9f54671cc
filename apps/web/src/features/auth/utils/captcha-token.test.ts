import { CAPTCHA_TOKEN_PATTERN } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import { newCaptchaToken } from './captcha-token'

describe('newCaptchaToken', () => {
  it('makes 32 letters or digits that the server accepts', () => {
    for (let i = 0; i < 50; i++) expect(newCaptchaToken()).toMatch(CAPTCHA_TOKEN_PATTERN)
  })

  it('makes a different token each time', () => {
    expect(new Set(Array.from({ length: 20 }, () => newCaptchaToken())).size).toBe(20)
  })

  it('skips biased bytes instead of wrapping them', () => {
    let call = 0
    const token = newCaptchaToken((bytes) => bytes.fill(call++ === 0 ? 255 : 0))
    expect(token).toBe('A'.repeat(32))
  })
})

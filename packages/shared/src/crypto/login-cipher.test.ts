import { describe, expect, it } from 'vitest'
import { createLoginKeyPair, decryptPassword, encryptPassword, fromBase64Url, toBase64Url } from './login-cipher'

const token = 'A'.repeat(32)

describe('login password encryption', () => {
  it('opens what it sealed, including Chinese text', () => {
    const keys = createLoginKeyPair()
    for (const password of ['Admin@2026', '密码Пароль🙂', 'x']) {
      const sealed = encryptPassword(password, keys.publicKey, token)
      if (password.length > 3) expect(sealed).not.toContain(password)
      expect(decryptPassword(sealed, keys.secretKey, token)).toBe(password)
    }
  })

  it('seals the same password differently each time', () => {
    const keys = createLoginKeyPair()
    expect(encryptPassword('same', keys.publicKey, token)).not.toBe(encryptPassword('same', keys.publicKey, token))
  })

  it('fails with another captcha key, another token or a flipped bit', () => {
    const keys = createLoginKeyPair()
    const sealed = encryptPassword('secret', keys.publicKey, token)
    expect(() => decryptPassword(sealed, createLoginKeyPair().secretKey, token)).toThrow()
    expect(() => decryptPassword(sealed, keys.secretKey, 'B'.repeat(32))).toThrow()
    const bytes = fromBase64Url(sealed)
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1
    expect(() => decryptPassword(toBase64Url(bytes), keys.secretKey, token)).toThrow()
    expect(() => decryptPassword('short', keys.secretKey, token)).toThrow()
    expect(() => decryptPassword('not base64!', keys.secretKey, token)).toThrow()
  })
})

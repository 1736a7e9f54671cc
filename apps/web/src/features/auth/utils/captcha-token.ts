import { CAPTCHA_TOKEN_LENGTH } from '@rs/shared'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A fresh captcha token: 32 random letters and digits made in the browser (SPEC.md §3). */
export function newCaptchaToken(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  // 62 × 4 = 248: rejecting bytes ≥ 248 keeps every character equally likely
  let token = ''
  while (token.length < CAPTCHA_TOKEN_LENGTH) {
    for (const byte of random(new Uint8Array(CAPTCHA_TOKEN_LENGTH))) {
      if (byte < 248 && token.length < CAPTCHA_TOKEN_LENGTH) token += ALPHABET[byte % ALPHABET.length]
    }
  }
  return token
}

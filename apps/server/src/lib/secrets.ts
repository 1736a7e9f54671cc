import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Secrets the portal must keep to act for someone else (a push node's object-store key) are stored
 * sealed: AES-256-GCM under a key from SECRETS_KEY, or, when that is unset, from a random key file
 * made once in DATA_DIR (mode 0600). Several instances share SECRETS_KEY. A sealed value is
 * 'v1:' + base64(iv | tag | ciphertext); a value sealed under another key does not open.
 */
export interface SecretBox {
  seal(plain: string): string
  open(sealed: string): string
}

const KEY_FILE = 'secrets.key'

function keyOf(settings: { secretsKey: string; dataDir: string }): Buffer {
  if (settings.secretsKey) return createHash('sha256').update(settings.secretsKey).digest()
  const file = path.join(settings.dataDir, KEY_FILE)
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    mkdirSync(settings.dataDir, { recursive: true })
    const key = randomBytes(32)
    // 'wx': a second process that made the file first wins; read what it wrote
    try {
      writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' })
      return key
    } catch {
      return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex')
    }
  }
}

export function createSecretBox(settings: { secretsKey: string; dataDir: string }): SecretBox {
  let key: Buffer | undefined
  const theKey = () => {
    key ??= keyOf(settings)
    return key
  }
  return {
    seal(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', theKey(), iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`
    },
    open(sealed) {
      if (!sealed.startsWith('v1:')) throw new Error('not a sealed secret')
      const raw = Buffer.from(sealed.slice(3), 'base64')
      const decipher = createDecipheriv('aes-256-gcm', theKey(), raw.subarray(0, 12))
      decipher.setAuthTag(raw.subarray(12, 28))
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
    },
  }
}

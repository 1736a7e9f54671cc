/**
 * Password encryption on the wire (SPEC.md §5, DESIGN.md §5). Each captcha carries a one-time
 * X25519 public key from the server; the browser makes its own one-time key pair, derives an
 * AES-256-GCM key with HKDF-SHA256 (salt: the captcha token) and seals the password. No key is
 * constant or shipped in the bundle, and a key dies with its captcha. Pure JavaScript, so it works
 * where WebCrypto's subtle API does not (plain-http intranet hosts).
 */
import { gcm } from '@noble/ciphers/aes.js'
import { bytesToUtf8, randomBytes, utf8ToBytes } from '@noble/ciphers/utils.js'
import { x25519 } from '@noble/curves/ed25519.js'
import { hkdf } from '@noble/hashes/hkdf.js'
import { sha256 } from '@noble/hashes/sha2.js'

const INFO = utf8ToBytes('rs-portal login password v1')
const NONCE_BYTES = 12
const KEY_BYTES = 32

export function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url')
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4)
  const binary = atob(padded)
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}

function deriveKey(sharedSecret: Uint8Array, captchaToken: string): Uint8Array {
  return hkdf(sha256, sharedSecret, utf8ToBytes(captchaToken), INFO, KEY_BYTES)
}

/** Server side: a fresh key pair for one captcha. */
export function createLoginKeyPair(): { secretKey: string; publicKey: string } {
  const { secretKey, publicKey } = x25519.keygen()
  return { secretKey: toBase64Url(secretKey), publicKey: toBase64Url(publicKey) }
}

/** Browser side: seals the password for the captcha's public key. Returns base64url(pub | nonce | sealed). */
export function encryptPassword(password: string, serverPublicKey: string, captchaToken: string): string {
  const { secretKey, publicKey } = x25519.keygen()
  const key = deriveKey(x25519.getSharedSecret(secretKey, fromBase64Url(serverPublicKey)), captchaToken)
  const nonce = randomBytes(NONCE_BYTES)
  const sealed = gcm(key, nonce, utf8ToBytes(captchaToken)).encrypt(utf8ToBytes(password))
  const out = new Uint8Array(publicKey.length + nonce.length + sealed.length)
  out.set(publicKey, 0)
  out.set(nonce, publicKey.length)
  out.set(sealed, publicKey.length + nonce.length)
  return toBase64Url(out)
}

/** Server side: opens a sealed password; throws on any tampering, wrong key or wrong token. */
export function decryptPassword(payload: string, serverSecretKey: string, captchaToken: string): string {
  const bytes = fromBase64Url(payload)
  if (bytes.length < 32 + NONCE_BYTES + 16 + 1) throw new Error('sealed password too short')
  const clientPublic = bytes.subarray(0, 32)
  const nonce = bytes.subarray(32, 32 + NONCE_BYTES)
  const sealed = bytes.subarray(32 + NONCE_BYTES)
  const key = deriveKey(x25519.getSharedSecret(fromBase64Url(serverSecretKey), clientPublic), captchaToken)
  return bytesToUtf8(gcm(key, nonce, utf8ToBytes(captchaToken)).decrypt(sealed))
}

import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createSecretBox } from './secrets'

const dirs: string[] = []
const scratch = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'rs-secrets-'))
  dirs.push(dir)
  return dir
}
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

describe('sealed secrets', () => {
  it('open what they sealed, never show the plain text, and differ each time', async () => {
    const box = createSecretBox({ secretsKey: 'a shared setting', dataDir: await scratch() })
    const a = box.seal('wJalrXUtnFEMI/K7MDENG')
    const b = box.seal('wJalrXUtnFEMI/K7MDENG')
    expect(a).not.toBe(b)
    expect(a).not.toContain('wJalr')
    expect(box.open(a)).toBe('wJalrXUtnFEMI/K7MDENG')
    // instances with the same SECRETS_KEY open each other's
    expect(createSecretBox({ secretsKey: 'a shared setting', dataDir: await scratch() }).open(a)).toBe('wJalrXUtnFEMI/K7MDENG')
  })

  it('refuse a value sealed under another key or altered', async () => {
    const dataDir = await scratch()
    const sealed = createSecretBox({ secretsKey: 'one', dataDir }).seal('secret')
    expect(() => createSecretBox({ secretsKey: 'two', dataDir }).open(sealed)).toThrow()
    const altered = `${sealed.slice(0, -4)}AAAA`
    expect(() => createSecretBox({ secretsKey: 'one', dataDir }).open(altered)).toThrow()
  })

  it('make a private key file in DATA_DIR when SECRETS_KEY is unset, and keep using it', async () => {
    const dataDir = await scratch()
    const sealed = createSecretBox({ secretsKey: '', dataDir }).seal('secret')
    const file = path.join(dataDir, 'secrets.key')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect((await readFile(file, 'utf8')).length).toBe(64)
    expect(createSecretBox({ secretsKey: '', dataDir }).open(sealed)).toBe('secret')
  })
})

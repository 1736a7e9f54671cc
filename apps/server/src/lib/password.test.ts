import { describe, expect, it } from 'vitest'
import { hashPassword, needsRehash, PASSWORD_COST, scryptCost, scryptCostOf, verifyPassword } from './password'

describe('the scrypt cost', () => {
  it('is 2^17 unless PASSWORD_SCRYPT_LOG2N says otherwise, and only 2^10 to 2^20', () => {
    expect(scryptCost(undefined)).toBe(131_072)
    expect(scryptCost('')).toBe(131_072)
    expect(scryptCost('12')).toBe(4096)
    expect(scryptCost('20')).toBe(2 ** 20)
    for (const bad of ['9', '21', '12.5', 'x', '-17']) {
      expect(scryptCostOf(bad)).toBeUndefined()
      expect(() => scryptCost(bad)).toThrow(/PASSWORD_SCRYPT_LOG2N 须为 10 到 20 的整数/)
    }
  })

  it('makes hashes of the configured cost that verify, and asks to redo a cheaper one', async () => {
    const hash = await hashPassword('Admin@2026')
    expect(hash.startsWith(`scrypt$${PASSWORD_COST.n}$8$1$`)).toBe(true)
    expect(await verifyPassword('Admin@2026', hash)).toBe(true)
    expect(await verifyPassword('Admin@2027', hash)).toBe(false)
    expect(needsRehash(hash)).toBe(false)
    expect(needsRehash(hash.replace(`scrypt$${PASSWORD_COST.n}$`, `scrypt$${PASSWORD_COST.n / 2}$`))).toBe(true)
  })
})

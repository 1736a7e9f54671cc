import type { Region } from '@rs/shared'
import { describe, expect, it, vi } from 'vitest'
import { codeOfSelection, correctSelection, isPickable, selectionFromCode } from './region-selection'

function region(code: string, level: Region['level'], parentRegionId: string | null): Region {
  return { code, name: code, fullName: code, level, parentRegionId, center: null, bbox: null, hasBoundary: true }
}

describe('region selection', () => {
  it('offers within a user\u2019s ranges only those regions and the parents leading to them', () => {
    const within = ['150100', '130000']
    expect(isPickable('150000', within)).toBe(true)
    expect(isPickable('150100', within)).toBe(true)
    expect(isPickable('150102', within)).toBe(true)
    expect(isPickable('150200', within)).toBe(false)
    expect(isPickable('130100', within)).toBe(true)
    expect(isPickable('110000', within)).toBe(false)
    expect(isPickable('100000', within)).toBe(true)
    expect(isPickable('110000', ['100000'])).toBe(true)
    expect(isPickable('110000')).toBe(true)
  })

  it('reads the levels a code implies', () => {
    expect(selectionFromCode('100000')).toEqual({})
    expect(selectionFromCode('150000')).toEqual({ province: '150000' })
    expect(selectionFromCode('150100')).toEqual({ province: '150000', city: '150100' })
    expect(selectionFromCode('150102')).toEqual({ province: '150000', city: '150100', county: '150102' })
    expect(codeOfSelection({ province: '150000', city: '150100' })).toBe('150100')
    expect(codeOfSelection({})).toBe('100000')
  })

  it('keeps a county whose parents match its code', async () => {
    const api = {
      parents: vi.fn(async () => [
        region('110000', 'province', '100000'),
        region('110100', 'city', '110000'),
        region('110105', 'county', '110100'),
      ]),
      detail: vi.fn(),
    }
    expect(await correctSelection('110105', api)).toEqual({
      selection: { province: '110000', city: '110100', county: '110105' },
      corrected: false,
    })
    expect(api.parents).toHaveBeenCalledWith('110105')
  })

  it('corrects a county that hangs directly under its province (仙桃市 429004)', async () => {
    const api = {
      parents: vi.fn(async () => [region('420000', 'province', '100000'), region('429004', 'county', '420000')]),
      detail: vi.fn(),
    }
    expect(await correctSelection('429004', api)).toEqual({ selection: { province: '420000', county: '429004' }, corrected: true })
  })

  it('corrects a county whose real city differs from its digits', async () => {
    // e.g. a county moved to another city keeps its old code
    const api = {
      parents: vi.fn(async () => [
        region('370000', 'province', '100000'),
        region('370100', 'city', '370000'),
        region('371202', 'county', '370100'),
      ]),
      detail: vi.fn(),
    }
    const result = await correctSelection('371202', api)
    expect(result.selection).toEqual({ province: '370000', city: '370100', county: '371202' })
    expect(result.corrected).toBe(true)
  })

  it('walks parentRegionId through the detail call when the parents call fails', async () => {
    const details: Record<string, Region> = {
      '150102': region('150102', 'county', '150100'),
      '150100': region('150100', 'city', '150000'),
      '150000': region('150000', 'province', '100000'),
    }
    const api = {
      parents: vi.fn(async () => Promise.reject(new Error('404'))),
      detail: vi.fn(async (code: string) => details[code] as Region),
    }
    expect(await correctSelection('150102', api)).toEqual({
      selection: { province: '150000', city: '150100', county: '150102' },
      corrected: false,
    })
    expect(api.detail).toHaveBeenCalledTimes(3)
  })

  it('keeps the code rules when the API does not answer, and asks nothing for a province', async () => {
    const failing = {
      parents: vi.fn(async () => Promise.reject(new Error('x'))),
      detail: vi.fn(async () => Promise.reject(new Error('x'))),
    }
    expect(await correctSelection('150102', failing)).toEqual({ selection: selectionFromCode('150102'), corrected: false })
    const api = { parents: vi.fn(), detail: vi.fn() }
    await correctSelection('150000', api)
    expect(api.parents).not.toHaveBeenCalled()
  })
})

import { describe, expect, it } from 'vitest'
import { formatBytes, parseSceneIds } from './format'

describe('push formats', () => {
  it('words sizes', () => {
    expect(formatBytes(512)).toBe('512 B')
    expect(formatBytes(48_000)).toBe('47 KB')
    expect(formatBytes(12.5 * 1024 ** 2)).toBe('12.5 MB')
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.00 GB')
  })

  it('reads pasted scene ids once each', () => {
    expect(parseSceneIds('A1\nB2, C3，A1、 D4;')).toEqual(['A1', 'B2', 'C3', 'D4'])
    expect(parseSceneIds('  ')).toEqual([])
  })
})

import { readFileSync } from 'node:fs'
import path from 'node:path'
import { tleChecksum } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import { SATELLITE_DATA_DIR } from '../../db/reference-data'
import { isValidTleLine, parseTle, type SatelliteFacts, tleEpoch } from '../../db/satellite-data'

const facts = JSON.parse(readFileSync(path.join(SATELLITE_DATA_DIR, 'satellites.json'), 'utf8')) as SatelliteFacts[]
const text = readFileSync(path.join(SATELLITE_DATA_DIR, 'tle/resource.tle'), 'utf8')
const lines = text.split('\n')

/** The set of a NORAD number in the real file: name, line 1, line 2. */
function setOf(noradId: number): [string, string, string] {
  const i = lines.findIndex((l) => l.startsWith(`1 ${String(noradId).padStart(5, '0')}`))
  return [lines[i - 1] as string, lines[i] as string, lines[i + 1] as string]
}

describe('TLE parsing', () => {
  it('computes the modulo-10 checksum of column 69 (minus signs count 1)', () => {
    const [, line1, line2] = setOf(39150)
    expect(tleChecksum(line1)).toBe(Number(line1[68]))
    expect(tleChecksum(line2)).toBe(Number(line2[68]))
    // digits 1+1+1, and three minus signs
    expect(tleChecksum('1 00000U 00000A   00000.00000000 -.00000001  00000-0  00000-0 0  0010')).toBe(6)
    expect(isValidTleLine(`${line1.slice(0, 68)}${(Number(line1[68]) + 1) % 10}`, 1)).toBe(false)
    expect(isValidTleLine(line1, 2)).toBe(false)
  })

  it('turns the epoch into ISO time (two-digit years from 57 are 19xx)', () => {
    expect(tleEpoch('1 39150U 13018A   26164.50000000  .00000972  00000+0  13921-3 0  9992')).toBe('2026-06-13T12:00:00.000Z')
    expect(tleEpoch('1 25682U 99020A   98001.00000000  .00000000  00000+0  00000-0 0  9990')).toBe('1998-01-01T00:00:00.000Z')
    expect(tleEpoch('1 25682U 99020A   xx001.00000000  .00000000  00000+0  00000-0 0  9990')).toBeNull()
  })

  it('keeps all 189 sets of resource.tle, matched to members by NORAD number', () => {
    const { rows, skipped } = parseTle(text, facts)
    expect(skipped).toEqual([])
    expect(rows).toHaveLength(189)
    const gf1 = rows.find((r) => r.norad_id === 39150)
    expect(gf1).toMatchObject({ slug: 'gf1', member: 'GF-1 01' })
    // the facts derived the same epoch from this TLE
    const member = facts.find((f) => f.slug === 'gf1')?.members[0] as unknown as { orbitFromTle: { epoch: string } }
    const epochInFacts = member.orbitFromTle
    expect(Math.abs(Date.parse(gf1?.epoch ?? '') - Date.parse(epochInFacts.epoch))).toBeLessThan(1000)
  })

  it('skips, with a reason, a bad checksum, a stranger, a repeat and a mismatched pair', () => {
    const [name, line1, line2] = setOf(39150)
    const badSum = `${line2.slice(0, 68)}${(Number(line2[68]) + 3) % 10}`
    const stranger = setOf(39150).map((l, i) => (i === 0 ? 'STRANGER' : l.replace('39150', '99999'))) as string[]
    const fixed = stranger.map((l, i) => (i === 0 ? l : `${l.slice(0, 68)}${tleChecksum(l)}`))
    const [, otherLine1] = setOf(40118)
    const input = [[name, line1, badSum], fixed, [name, line1, line2], [name, line1, line2], ['MIXED', otherLine1, line2]]
      .flat()
      .join('\r\n')
    const { rows, skipped } = parseTle(input, facts)
    expect(rows.map((r) => r.norad_id)).toEqual([39150])
    expect(skipped.map((s) => s.reason)).toEqual([
      'line 2 checksum',
      'NORAD 99999 is no member of the facts',
      'NORAD 39150 given twice',
      'catalogue numbers of line 1 and line 2 differ',
    ])
    expect(skipped[0]).toMatchObject({ line: 1, name: name.trim() })
  })

  it('reads two-line sets without a name line', () => {
    const [, line1, line2] = setOf(39150)
    expect(parseTle(`${line1}\n${line2}\n`, facts).rows).toHaveLength(1)
  })
})

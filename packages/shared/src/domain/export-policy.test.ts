import { describe, expect, it } from 'vitest'
import { escapeFormula, escapeTable, sheetName } from './export-policy'

describe('escapeFormula', () => {
  it('keeps a text cell that a spreadsheet would run as a formula as text', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(escapeFormula(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`)
    expect(escapeFormula('=HYPERLINK("http://x","y")')).toBe(`'=HYPERLINK("http://x","y")`)
  })

  it('leaves other text, numbers and empty cells as they are', () => {
    expect(escapeFormula('GF1_PMS1')).toBe('GF1_PMS1')
    expect(escapeFormula('a=b')).toBe('a=b')
    expect(escapeFormula(-3.25)).toBe(-3.25)
    expect(escapeFormula(null)).toBeNull()
    expect(escapeFormula(undefined)).toBeUndefined()
    expect(escapeFormula('')).toBe('')
  })

  it('escapes every text cell of a table, the header too', () => {
    expect(
      escapeTable([
        ['=a', '名'],
        ['-1', -1, null],
      ]),
    ).toEqual([
      ["'=a", '名'],
      ["'-1", -1, null],
    ])
  })
})

describe('sheetName', () => {
  it('keeps a name Excel accepts', () => {
    expect(sheetName('影像列表')).toBe('影像列表')
    expect(sheetName('a/b:c')).toBe('a b c')
    expect(sheetName('x'.repeat(40))).toHaveLength(31)
  })
})

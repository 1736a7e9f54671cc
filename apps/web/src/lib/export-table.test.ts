import readXlsxFile from 'read-excel-file/browser'
import { describe, expect, it } from 'vitest'
import { tableCsv, tableCsvBlob, tableXlsx } from './export-table'

const TABLE = [
  ['名称', '=说明'],
  ['韩国, 朝鲜', '“高分”与"资源"'],
  ['第一行\n第二行', '+86'],
  ['@user', 1292],
  [-1, null],
]

describe('tableCsv', () => {
  it('starts with a BOM, ends lines with CRLF, quotes commas, quotes and line breaks, and escapes every text cell', () => {
    const text = tableCsv([...TABLE, ['回车\r', '\tTAB']])
    expect(text.charCodeAt(0)).toBe(0xfeff)
    expect(text).toBe(
      '\uFEFF名称,\'=说明\r\n"韩国, 朝鲜","“高分”与""资源"""\r\n"第一行\n第二行",\'+86\r\n\'@user,1292\r\n-1,\r\n"回车\r",\'\tTAB\r\n',
    )
  })

  it('is a UTF-8 CSV blob', async () => {
    const blob = tableCsvBlob([['=a']])
    expect(blob.type).toBe('text/csv; charset=utf-8')
    expect([...new Uint8Array(await blob.arrayBuffer()).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  })
})

describe('tableXlsx', () => {
  it('writes one sheet with numbers as numbers and every text cell escaped', async () => {
    const sheets = await readXlsxFile(await tableXlsx(TABLE, '统计/趋势'))
    expect(sheets[0]?.sheet).toBe('统计 趋势')
    expect(sheets[0]?.data.map((r) => [r[0] ?? null, r[1] ?? null])).toEqual([
      ['名称', "'=说明"],
      ['韩国, 朝鲜', '“高分”与"资源"'],
      ['第一行\n第二行', "'+86"],
      ["'@user", 1292],
      [-1, null],
    ])
  })
})

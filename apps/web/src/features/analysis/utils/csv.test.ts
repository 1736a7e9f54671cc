import { describe, expect, it } from 'vitest'
import { GENERAL_STATISTIC_PAGE } from '../test/analysis-fixture'
import { figureCsv } from './csv'
import { exportFileName } from './export-names'

const [byCountry, byUsers] = GENERAL_STATISTIC_PAGE.figures
if (!byCountry || !byUsers) throw new Error('fixture needs two figures')
const ATTRIBUTION = '数据来源：UCS 卫星数据库；数据截至：2023-05-01'

describe('CSV export', () => {
  it('escapes a figure text cell that a spreadsheet would run as a formula', () => {
    const figure = { ...byCountry, rows: [{ ...byCountry.rows[0], [byCountry.columns[0]?.key ?? '']: '=1+2' }] }
    expect(figureCsv(figure, ATTRIBUTION).split('\r\n')[1]).toBe("'=1+2,511")
  })

  it('writes the column titles with units as header, the rows as numbers, then what is counted and the attribution', () => {
    const lines = figureCsv(byCountry, ATTRIBUTION).slice(1).split('\r\n')
    expect(lines[0]).toBe('国家或组织,卫星数量（颗）')
    expect(lines.slice(1, 7)).toEqual(['美国,511', '中国,348', '俄罗斯,42', '阿根廷,39', '日本,37', '其他,315'])
    expect(lines[7]).toBe('')
    expect(lines).toContain(byCountry.counted)
    expect(lines).toContain(ATTRIBUTION)
    const total = lines.slice(1, 7).reduce((sum, line) => sum + Number(line.split(',')[1]), 0)
    expect(total).toBe(1292)
  })

  it('adds the note when the figure has one', () => {
    const text = figureCsv(byUsers, ATTRIBUTION)
    expect(text).toContain(byUsers.note ?? 'missing note')
  })

  it('names the file after the page, the figure and the date, without characters file systems refuse', () => {
    expect(exportFileName(GENERAL_STATISTIC_PAGE, byCountry, 'csv')).toBe('总体统计-各国家和组织在轨卫星数量-2023-05-01.csv')
    expect(exportFileName({ title: '国家/组织', asOf: '2023-05-01' }, { title: '对比: "中美"\n趋势' }, 'png')).toBe(
      '国家 组织-对比 中美 趋势-2023-05-01.png',
    )
  })
})

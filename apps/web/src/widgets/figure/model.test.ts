import { describe, expect, it } from 'vitest'
import { tableCsv } from '../../lib/export-table'
import { exportFileName, exportRows, type FigureChart, figureTestId, offeredFormats } from './model'

const IMAGE: FigureChart = { kind: 'image', url: '/api/chart.svg', alt: '图' }
const ECHARTS: FigureChart = { kind: 'echarts', option: { series: [] } }

const TABLE = {
  columns: [
    { key: 'country', title: '国家或组织' },
    { key: 'count', title: '卫星数量', unit: '颗' },
  ],
  rows: [
    { country: '美国', count: 511 },
    { country: '=1+2', count: 348 },
  ],
}

describe('figure export formats', () => {
  it('offers PNG only for a server-drawn image, and the formats in menu order', () => {
    expect(offeredFormats(['png', 'csv'], IMAGE)).toEqual(['csv', 'png'])
    expect(offeredFormats(['csv', 'xlsx', 'png'], ECHARTS)).toEqual(['csv', 'xlsx'])
    expect(offeredFormats(['xlsx', 'csv', 'png'], undefined)).toEqual(['csv', 'xlsx'])
    expect(offeredFormats([], IMAGE)).toEqual([])
  })
})

describe('figure export rows and CSV', () => {
  it('writes the headings with units, the rows by accessor, the total, then the footer after an empty line', () => {
    const rows = exportRows(
      {
        ...TABLE,
        columns: [TABLE.columns[0] ?? { key: '', title: '' }, { key: 'count', title: '数量', value: (r) => r.count * 2 }],
        total: ['合计', 1718],
      },
      ['按国家统计。', '', '数据来源：UCS；数据截至：2023-05-01'],
    )
    expect(rows).toEqual([
      ['国家或组织', '数量'],
      ['美国', 1022],
      ['=1+2', 696],
      ['合计', 1718],
      [],
      ['按国家统计。'],
      ['数据来源：UCS；数据截至：2023-05-01'],
    ])
  })

  it('writes CSV under the export policy: BOM, CRLF, a formula cell escaped, numbers as numbers', () => {
    const text = tableCsv(exportRows(TABLE, ['数据来源：UCS']))
    expect(text.startsWith('\uFEFF')).toBe(true)
    expect(text.slice(1).split('\r\n')).toEqual(['国家或组织,卫星数量（颗）', '美国,511', "'=1+2,348", '', '数据来源：UCS', ''])
  })

  it('leaves the footer out when there is none', () => {
    expect(exportRows(TABLE, [])).toHaveLength(3)
  })
})

describe('figure file names and test ids', () => {
  it('joins the parts by dashes without characters file systems refuse', () => {
    expect(exportFileName(['总体统计', '各国家和组织在轨卫星数量', '2023-05-01'], 'csv')).toBe(
      '总体统计-各国家和组织在轨卫星数量-2023-05-01.csv',
    )
    expect(exportFileName(['国家/组织', '对比: "中美"\n趋势', '2023-05-01'], 'png')).toBe('国家 组织-对比 中美 趋势-2023-05-01.png')
    expect(exportFileName(['光伏用地监测_全国_趋势'], 'xlsx')).toBe('光伏用地监测_全国_趋势.xlsx')
  })

  it('names parts with the key after the part (analysis) or by prefix alone (monitoring)', () => {
    expect(figureTestId({ prefix: 'figure', key: 'by-country' })).toBe('figure-by-country')
    expect(figureTestId({ prefix: 'figure', key: 'by-country' }, 'export-csv')).toBe('figure-export-csv-by-country')
    expect(figureTestId({ prefix: 'trend' }, 'chart')).toBe('trend-chart')
    expect(figureTestId({ prefix: 'trend' })).toBeUndefined()
  })
})

import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { formatBeijingTime } from '@rs/shared'
import { parse } from 'csv-parse/sync'
import { unzipSync } from 'fflate'
import type { MultiPolygon, Polygon } from 'geojson'
import readXlsxFile from 'read-excel-file/node'
import { afterAll, describe, expect, it } from 'vitest'
import { geodesicAreaKm2 } from '../../lib/geometry/geodesic'
import { contentDisposition, csvText, EXPORT_COLUMNS, type ExportRecord, writeDbf, writeExport, xlsxBytes } from '.'

const square: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [116, 39.5],
      [116.5, 39.5],
      [116.5, 40],
      [116, 40],
      [116, 39.5],
    ],
  ],
}
/** Two parts, the first with a hole, rings in GeoJSON's counter-clockwise order. */
const holed: MultiPolygon = {
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [100, 30],
        [101, 30],
        [101, 31],
        [100, 31],
        [100, 30],
      ],
      [
        [100.2, 30.2],
        [100.2, 30.8],
        [100.8, 30.8],
        [100.8, 30.2],
        [100.2, 30.2],
      ],
    ],
    [
      [
        [102, 30],
        [102.5, 30],
        [102.5, 30.5],
        [102, 30],
      ],
    ],
  ],
}

function record(overrides: Partial<ExportRecord> = {}): ExportRecord {
  return {
    id: 'GF1_PMS1_E116.2_N39.7_20260601_L1A0001',
    satellite: 'GF1',
    sensor: 'PMS1',
    acquiredAt: '2026-06-01T03:04:05.000Z',
    cloudPercent: 12.5,
    resolutionM: 2,
    productLevel: 'L1A',
    orbit: 12345,
    path: 101,
    row: 52,
    direction: 'descending',
    offNadirDeg: -3.25,
    fileName: 'GF1_PMS1_E116.2_N39.7_20260601_L1A0001.tar.gz',
    dataStatus: '2',
    areaKm2: geodesicAreaKm2(square),
    footprint: JSON.stringify(square),
    ...overrides,
  }
}

const records = [
  record(),
  record({
    id: 'ZY3-2_MUX_X',
    satellite: 'ZY3-2',
    sensor: 'MUX',
    direction: 'ascending',
    orbit: null,
    offNadirDeg: null,
    cloudPercent: 0,
    fileName: '资源三号02星_多光谱_示例.tar.gz',
    footprint: JSON.stringify(holed),
    areaKm2: geodesicAreaKm2(holed),
  }),
]

const AT = new Date('2026-11-26T18:30:00Z') // Beijing: 27 November

const dir = mkdtempSync(join(tmpdir(), 'rs-export-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('exports', () => {
  it('writes Beijing times and names the file by the Beijing day', async () => {
    expect(formatBeijingTime('2026-06-01T03:04:05.000Z')).toBe('2026-06-01 11:04:05')
    expect(formatBeijingTime('2026-06-01T20:00:00Z')).toBe('2026-06-02 04:00:00')
    const file = await writeExport('csv', records, AT)
    expect(file.fileName).toBe('scenes-20261127.csv')
    expect(file.displayName).toBe('影像查询结果-20261127.csv')
    expect(contentDisposition(file)).toBe(
      `attachment; filename="scenes-20261127.csv"; filename*=UTF-8''${encodeURIComponent('影像查询结果-20261127.csv')}`,
    )
  })

  it('escapes a text cell that a spreadsheet would run as a formula, in CSV and Excel', async () => {
    const hostile = [record({ fileName: '=HYPERLINK("http://evil.example","点我")', productLevel: '+L1A', sensor: '@PMS' })]
    const csv = parse(new TextDecoder().decode((await writeExport('csv', hostile, AT)).bytes), { bom: true }) as string[][]
    expect(csv[1]?.[12]).toBe(`'=HYPERLINK("http://evil.example","点我")`)
    expect(csv[1]?.[6]).toBe("'+L1A")
    expect(csv[1]?.[2]).toBe("'@PMS")
    expect(csv[1]?.[11]).toBe('-3.25') // a number stays a number
    const sheets = await readXlsxFile(Buffer.from((await writeExport('xlsx', hostile, AT)).bytes))
    const row = sheets[0]?.data[1] ?? []
    expect(row[12]).toBe(`'=HYPERLINK("http://evil.example","点我")`)
    expect(row[6]).toBe("'+L1A")
    expect(row[2]).toBe("'@PMS")
    expect(row[11]).toBe(-3.25)
  })

  it('writes CSV in UTF-8 with a BOM, Chinese headers and WKT footprints', async () => {
    const file = await writeExport('csv', records, AT)
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = parse(new TextDecoder().decode(file.bytes), { bom: true }) as string[][]
    expect(rows[0]).toEqual([...EXPORT_COLUMNS.map((c) => c.header), '足迹（WKT）'])
    expect(rows[0]?.slice(0, 4)).toEqual(['影像编号', '卫星', '传感器', '成像时间（北京时间）'])
    expect(rows).toHaveLength(3)
    const [, first, second] = rows
    expect(first?.[3]).toBe('2026-06-01 11:04:05')
    expect(first?.[10]).toBe('降轨')
    expect(first?.[13]).toBe('已入库')
    expect(first?.[15]).toBe('POLYGON ((116 39.5, 116.5 39.5, 116.5 40, 116 40, 116 39.5))')
    expect(second?.[7]).toBe('')
    expect(second?.[12]).toBe('资源三号02星_多光谱_示例.tar.gz')
    expect(second?.[15]).toMatch(/^MULTIPOLYGON \(\(\(100 30, .*\)\), \(\(102 30, /)
  })

  it('writes an Excel workbook that reads back with numbers as numbers', async () => {
    const file = await writeExport('xlsx', records, AT)
    const sheets = await readXlsxFile(Buffer.from(file.bytes))
    expect(sheets[0]?.sheet).toBe('影像列表')
    // [row][column] 0-based, empty cells null
    const rows: unknown[][] = (sheets[0]?.data ?? []).map((row) => EXPORT_COLUMNS.map((_, j) => row[j] ?? null))
    expect(rows[0]).toEqual(EXPORT_COLUMNS.map((c) => c.header))
    expect(rows[1]?.[0]).toBe(records[0]?.id)
    expect(rows[1]?.[3]).toBe('2026-06-01 11:04:05')
    expect(rows[1]?.[4]).toBe(12.5)
    expect(rows[1]?.[7]).toBe(12345)
    expect(rows[2]?.[10]).toBe('升轨')
    expect(rows[2]?.[7]).toBeNull()
    expect(rows[2]?.[12]).toBe('资源三号02星_多光谱_示例.tar.gz')
  })

  it('writes GeoJSON features carrying the footprints unchanged', async () => {
    const file = await writeExport('geojson', records, AT)
    const fc = JSON.parse(new TextDecoder().decode(file.bytes))
    expect(fc.type).toBe('FeatureCollection')
    expect(fc.features).toHaveLength(2)
    expect(fc.features[0].id).toBe(records[0]?.id)
    expect(fc.features[0].geometry).toEqual(square)
    expect(fc.features[1].geometry).toEqual(holed)
    expect(fc.features[1].properties).toMatchObject({ satellite: 'ZY3-2', direction: '升轨', dataStatus: '已入库', orbit: null })
  })

  it('writes a zipped shapefile that GDAL reads with its Chinese values, WGS84 and the same areas', async () => {
    const file = await writeExport('shp', records, AT)
    expect(file.fileName).toBe('scenes-20261127.zip')
    const names = Object.keys(unzipSync(file.bytes)).sort()
    expect(names).toEqual(['shp', 'shx', 'dbf', 'prj', 'cpg'].map((x) => `scenes-20261127.${x}`).sort())
    expect(new TextDecoder().decode(unzipSync(file.bytes)['scenes-20261127.cpg'])).toBe('UTF-8')
    const path = join(dir, file.fileName)
    writeFileSync(path, file.bytes)
    const info = execFileSync('ogrinfo', ['-ro', '-so', '-al', `/vsizip/${path}`]).toString()
    expect(info).toMatch(/Geometry: Polygon/)
    expect(info).toMatch(/Feature Count: 2/)
    expect(info).toMatch(/WGS 84|WGS_1984/)
    for (const c of EXPORT_COLUMNS) expect(info).toContain(`${c.field}: ${c.type === 'C' ? 'String' : c.decimals ? 'Real' : 'Integer64'}`)
    const out = JSON.parse(execFileSync('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', `/vsizip/${path}`]).toString())
    const [a, b] = out.features
    expect(a.properties).toMatchObject({
      SCENE_ID: records[0]?.id,
      DIRECTION: '降轨',
      STATUS: '已入库',
      ACQ_TIME: '2026-06-01 11:04:05',
      CLOUD: 12.5,
    })
    expect(b.properties).toMatchObject({ FILE_NAME: '资源三号02星_多光谱_示例.tar.gz', DIRECTION: '升轨', ORBIT: null, OFF_NADIR: null })
    // GDAL reads the rings back as the same shapes (the hole stays a hole)
    expect(geodesicAreaKm2(a.geometry)).toBeCloseTo(records[0]?.areaKm2 ?? 0, 6)
    expect(b.geometry.type).toBe('MultiPolygon')
    expect(geodesicAreaKm2(b.geometry)).toBeCloseTo(records[1]?.areaKm2 ?? 0, 6)
  })

  it('cuts a long text at a character boundary within 254 bytes', () => {
    const long = '长'.repeat(100) // 300 bytes in UTF-8
    const dbf = writeDbf([record({ fileName: long })], EXPORT_COLUMNS, AT)
    const width = dbf[32 + 32 * EXPORT_COLUMNS.findIndex((c) => c.key === 'fileName') + 16]
    expect(width).toBe(252)
  })

  it('writes any table under the policy: BOM, CRLF, RFC 4180 quoting, every text cell escaped', async () => {
    const table = [
      ['名称', '=说明'],
      ['韩国, 朝鲜', '“高分”与"资源"'],
      ['第一行\n第二行', '回车\r'],
      ['\tTAB', 1292],
      [-1, null],
    ]
    expect(csvText(table)).toBe(
      '\uFEFF名称,\'=说明\r\n"韩国, 朝鲜","“高分”与""资源"""\r\n"第一行\n第二行","回车\r"\r\n\'\tTAB,1292\r\n-1,\r\n',
    )
    const sheets = await readXlsxFile(Buffer.from(await xlsxBytes(table, { sheet: '表' })))
    expect(sheets[0]?.data.map((r) => [r[0] ?? null, r[1] ?? null])).toEqual([
      ['名称', "'=说明"],
      ['韩国, 朝鲜', '“高分”与"资源"'],
      ['第一行\n第二行', expect.stringMatching(/^回车\r?$/)], // XML may fold a lone CR
      ["'\tTAB", 1292],
      [-1, null],
    ])
  })

  it('writes 10,000 footprints in each format (the limit of one export; timed by npm run bench:coverage)', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => record({ id: `S${i}`, fileName: `S${i}_资源.tar.gz` }))
    for (const format of ['csv', 'xlsx', 'geojson', 'shp'] as const) {
      const file = await writeExport(format, many, AT)
      expect(file.bytes.length, format).toBeGreaterThan(10_000 * 5)
      if (format === 'csv') expect(new TextDecoder().decode(file.bytes).trimEnd().split('\r\n')).toHaveLength(10_001)
      if (format === 'geojson') expect(JSON.parse(new TextDecoder().decode(file.bytes)).features).toHaveLength(10_000)
    }
  })
})

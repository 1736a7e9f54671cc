import { zipSync } from 'fflate'
import type { MultiPolygon, Polygon, Position } from 'geojson'
import { EXPORT_COLUMNS, type ExportColumn, type ExportRecord, polygonsOf } from '../../datasets/scene-archive/columns'

/**
 * A zipped ESRI shapefile of footprints: .shp and .shx (polygons), .dbf (dBase III attributes in
 * UTF-8, the columns of datasets/scene-archive/columns.ts), .prj (WGS84) and .cpg ('UTF-8', which tells GDAL and QGIS how
 * to read the Chinese values). No maintained npm writer writes non-ASCII dBase text (the dbf
 * package behind shp-write stores one byte per UTF-16 unit), so this is a careful writer after the
 * ESRI Shapefile Technical Description (1998) and the dBase III file format.
 */

const SHAPE_POLYGON = 5
const FILE_CODE = 9994
const VERSION = 1000
const HEADER_BYTES = 100
const DBF_MAX_TEXT = 254

/** The .prj of EPSG:4326 in the ESRI dialect that ArcGIS, QGIS and GDAL all read. */
export const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]'

/** Twice the signed planar area of a ring: positive when counter-clockwise. */
function signedArea2(ring: Position[]): number {
  let sum = 0
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x1, y1] = ring[i] as [number, number]
    const [x2, y2] = ring[i + 1] as [number, number]
    sum += x1 * y2 - x2 * y1
  }
  return sum
}

/** Shapefile rings: outer rings clockwise, holes counter-clockwise, each closed. */
function shapefileRings(footprint: Polygon | MultiPolygon): Position[][] {
  const out: Position[][] = []
  for (const rings of polygonsOf(footprint))
    rings.forEach((ring, i) => {
      if (ring.length < 3) return
      const first = ring[0] as Position
      const last = ring[ring.length - 1] as Position
      const closed = first[0] === last[0] && first[1] === last[1] ? ring : [...ring, first]
      const ccw = signedArea2(closed) > 0
      const wantCcw = i > 0
      out.push(ccw === wantCcw ? closed : [...closed].reverse())
    })
  return out
}

interface Box {
  minx: number
  miny: number
  maxx: number
  maxy: number
}

function boxOf(rings: Position[][]): Box {
  const b = { minx: Infinity, miny: Infinity, maxx: -Infinity, maxy: -Infinity }
  for (const ring of rings)
    for (const p of ring) {
      const [x, y] = p as [number, number]
      if (x < b.minx) b.minx = x
      if (x > b.maxx) b.maxx = x
      if (y < b.miny) b.miny = y
      if (y > b.maxy) b.maxy = y
    }
  return b
}

function writeMainHeader(view: DataView, fileBytes: number, box: Box) {
  view.setInt32(0, FILE_CODE, false)
  view.setInt32(24, fileBytes / 2, false)
  view.setInt32(28, VERSION, true)
  view.setInt32(32, SHAPE_POLYGON, true)
  view.setFloat64(36, box.minx, true)
  view.setFloat64(44, box.miny, true)
  view.setFloat64(52, box.maxx, true)
  view.setFloat64(60, box.maxy, true)
  // Z and M ranges stay 0
}

/** The .shp and .shx of the footprints (polygon shapes, lon/lat). */
export function writeShpShx(footprints: ReadonlyArray<Polygon | MultiPolygon>): { shp: Uint8Array; shx: Uint8Array } {
  const shapes = footprints.map((f) => {
    const rings = shapefileRings(f)
    const points = rings.reduce((n, r) => n + r.length, 0)
    // shape type, box, numParts, numPoints, parts, points
    return { rings, points, box: boxOf(rings), contentBytes: 4 + 32 + 4 + 4 + 4 * rings.length + 16 * points }
  })
  const shpBytes = HEADER_BYTES + shapes.reduce((n, s) => n + 8 + s.contentBytes, 0)
  const shxBytes = HEADER_BYTES + 8 * shapes.length
  const shp = new Uint8Array(shpBytes)
  const shx = new Uint8Array(shxBytes)
  const sv = new DataView(shp.buffer)
  const xv = new DataView(shx.buffer)
  const all =
    shapes.length > 0
      ? shapes.reduce(
          (b, s) => ({
            minx: Math.min(b.minx, s.box.minx),
            miny: Math.min(b.miny, s.box.miny),
            maxx: Math.max(b.maxx, s.box.maxx),
            maxy: Math.max(b.maxy, s.box.maxy),
          }),
          { minx: Infinity, miny: Infinity, maxx: -Infinity, maxy: -Infinity },
        )
      : { minx: 0, miny: 0, maxx: 0, maxy: 0 }
  writeMainHeader(sv, shpBytes, all)
  writeMainHeader(xv, shxBytes, all)
  let at = HEADER_BYTES
  shapes.forEach((s, i) => {
    xv.setInt32(HEADER_BYTES + 8 * i, at / 2, false)
    xv.setInt32(HEADER_BYTES + 8 * i + 4, s.contentBytes / 2, false)
    sv.setInt32(at, i + 1, false)
    sv.setInt32(at + 4, s.contentBytes / 2, false)
    let p = at + 8
    sv.setInt32(p, SHAPE_POLYGON, true)
    sv.setFloat64(p + 4, s.box.minx, true)
    sv.setFloat64(p + 12, s.box.miny, true)
    sv.setFloat64(p + 20, s.box.maxx, true)
    sv.setFloat64(p + 28, s.box.maxy, true)
    sv.setInt32(p + 36, s.rings.length, true)
    sv.setInt32(p + 40, s.points, true)
    p += 44
    let start = 0
    for (const ring of s.rings) {
      sv.setInt32(p, start, true)
      p += 4
      start += ring.length
    }
    for (const ring of s.rings)
      for (const point of ring) {
        sv.setFloat64(p, point[0] as number, true)
        sv.setFloat64(p + 8, point[1] as number, true)
        p += 16
      }
    at += 8 + s.contentBytes
  })
  return { shp, shx }
}

/** UTF-8 bytes of a text cut to at most `max` bytes without splitting a character. */
function utf8Within(text: string, max: number): Uint8Array {
  const bytes = new TextEncoder().encode(text)
  if (bytes.length <= max) return bytes
  let end = max
  // step back over continuation bytes (10xxxxxx) to the start of the cut character
  while (end > 0 && ((bytes[end] as number) & 0xc0) === 0x80) end--
  return bytes.subarray(0, end)
}

function numberText(value: number, column: ExportColumn): string {
  const text = value.toFixed(column.decimals ?? 0)
  return text.length > (column.width ?? 10) ? '*'.repeat(column.width ?? 10) : text
}

/** The .dbf: dBase III, text fields in UTF-8 sized to their longest value (at most 254 bytes). */
export function writeDbf(records: readonly ExportRecord[], columns: readonly ExportColumn[] = EXPORT_COLUMNS, at = new Date()): Uint8Array {
  const cells = records.map((r) =>
    columns.map((c) => {
      const v = c.value(r)
      if (v === null || v === undefined) return new Uint8Array()
      if (c.type === 'N') return new TextEncoder().encode(numberText(Number(v), c))
      return utf8Within(String(v), DBF_MAX_TEXT)
    }),
  )
  const widths = columns.map((c, j) =>
    c.type === 'N' ? (c.width ?? 10) : Math.max(1, ...cells.map((row) => (row[j] as Uint8Array).length)),
  )
  const headerBytes = 32 + 32 * columns.length + 1
  const recordBytes = 1 + widths.reduce((a, b) => a + b, 0)
  const out = new Uint8Array(headerBytes + recordBytes * records.length + 1)
  const view = new DataView(out.buffer)
  out[0] = 0x03
  out[1] = at.getUTCFullYear() - 1900
  out[2] = at.getUTCMonth() + 1
  out[3] = at.getUTCDate()
  view.setUint32(4, records.length, true)
  view.setUint16(8, headerBytes, true)
  view.setUint16(10, recordBytes, true)
  columns.forEach((c, j) => {
    const base = 32 + 32 * j
    if (!/^[A-Z0-9_]{1,10}$/.test(c.field)) throw new Error(`dBase field name ${c.field} is not 1–10 ASCII characters`)
    out.set(new TextEncoder().encode(c.field), base)
    out[base + 11] = c.type.charCodeAt(0)
    out[base + 16] = widths[j] as number
    out[base + 17] = c.type === 'N' ? (c.decimals ?? 0) : 0
  })
  out[headerBytes - 1] = 0x0d
  let p = headerBytes
  cells.forEach((row) => {
    out[p] = 0x20 // not deleted
    let q = p + 1
    row.forEach((bytes, j) => {
      const width = widths[j] as number
      out.fill(0x20, q, q + width)
      // text to the left, numbers to the right
      out.set(bytes, columns[j]?.type === 'N' ? q + width - bytes.length : q)
      q += width
    })
    p += recordBytes
  })
  out[p] = 0x1a
  return out
}

/** The zip of <base>.shp .shx .dbf .prj .cpg. */
export function writeShapefileZip(records: readonly ExportRecord[], base: string): Uint8Array {
  const footprints = records.map((r) => JSON.parse(r.footprint) as Polygon | MultiPolygon)
  const { shp, shx } = writeShpShx(footprints)
  const text = (s: string) => new TextEncoder().encode(s)
  return zipSync({
    [`${base}.shp`]: shp,
    [`${base}.shx`]: shx,
    [`${base}.dbf`]: writeDbf(records),
    [`${base}.prj`]: text(WGS84_PRJ),
    [`${base}.cpg`]: text('UTF-8'),
  })
}

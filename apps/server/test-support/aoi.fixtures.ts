/**
 * Test files for the AOI upload, made as a person's GIS would make them: shapefiles written by
 * GDAL's ogr2ogr (Debian's gdal-bin) in a given projection and encoding, zipped here; plus the
 * broken files the upload must refuse. Used by the API tests and the browser journey.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { crc32, deflateRawSync } from 'node:zlib'
import type { Polygon } from 'geojson'

export interface ZipEntry {
  name: string
  data: Uint8Array
  /** Size written into the headers instead of the real one (to build a lying zip). */
  declaredSize?: number
}

/** A plain zip (deflate, no zip64) of the entries. */
export function makeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8')
    const packed = deflateRawSync(entry.data)
    const crc = crc32(entry.data)
    const size = entry.declaredSize ?? entry.data.length
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x0800, 6) // UTF-8 names
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(packed.length, 18)
    local.writeUInt32LE(size, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x0800, 8)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(packed.length, 20)
    central.writeUInt32LE(size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, packed)
    centrals.push(central, name)
    offset += local.length + name.length + packed.length
  }
  const dir = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(dir.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, dir, end])
}

/** Two polygons near Beijing (one with a hole) and a point, with Chinese attributes, in WGS84. */
export const SAMPLE_GEOJSON = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: '怀柔试验区', code: 1 },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [116.4, 40.3],
            [116.7, 40.3],
            [116.7, 40.5],
            [116.4, 40.5],
            [116.4, 40.3],
          ],
          [
            [116.5, 40.35],
            [116.55, 40.35],
            [116.55, 40.4],
            [116.5, 40.4],
            [116.5, 40.35],
          ],
        ],
      },
    },
    {
      type: 'Feature',
      properties: { name: '密云水库周边', code: 2 },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [116.8, 40.45],
            [117.1, 40.45],
            [117.0, 40.65],
            [116.8, 40.45],
          ],
        ],
      },
    },
  ],
} as const

export interface ShapefileOptions {
  /** EPSG code of the written shapefile (its .prj says so). */
  srs?: number
  encoding?: 'UTF-8' | 'GBK'
  /** Leave these endings out of the zip. */
  omit?: string[]
  layerName?: string
  /** GeoJSON to convert (WGS84); SAMPLE_GEOJSON by default. */
  geojson?: unknown
}

/** Writes a shapefile with ogr2ogr and zips its parts (.shp .shx .dbf .prj .cpg). */
export function shapefileZip(options: ShapefileOptions = {}): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'aoi-shp-'))
  try {
    const layer = options.layerName ?? 'aoi'
    const source = path.join(dir, 'in.geojson')
    writeFileSync(source, JSON.stringify(options.geojson ?? SAMPLE_GEOJSON))
    execFileSync(
      'ogr2ogr',
      [
        '-f',
        'ESRI Shapefile',
        path.join(dir, `${layer}.shp`),
        source,
        '-nln',
        layer,
        '-t_srs',
        `EPSG:${options.srs ?? 4326}`,
        '-lco',
        `ENCODING=${options.encoding ?? 'UTF-8'}`,
      ],
      { stdio: 'pipe' },
    )
    const entries = readdirSync(dir)
      .filter((f) => f.startsWith(`${layer}.`) && !(options.omit ?? []).some((ext) => f.toLowerCase().endsWith(ext)))
      .map((f) => ({ name: f, data: readFileSync(path.join(dir, f)) }))
    return makeZip(entries)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A small zip whose one entry expands to `megabytes` of zeros; with `lie`, its headers claim 1 KB. */
export function zipBomb(megabytes: number, lie = false): Buffer {
  return makeZip([{ name: 'bomb.shp', data: Buffer.alloc(megabytes * 1024 * 1024), ...(lie ? { declaredSize: 1024 } : {}) }])
}

/** A KML document with one polygon and one placemark point. */
export const SAMPLE_KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>测试范围</name>
<Placemark><name>雄安新区范围</name><Polygon><outerBoundaryIs><LinearRing><coordinates>
115.9,38.9,0 116.2,38.9,0 116.2,39.1,0 115.9,39.1,0 115.9,38.9,0
</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
<Placemark><name>一个点</name><Point><coordinates>116.0,39.0,0</coordinates></Point></Placemark>
</Document></kml>`

/** A polygon ring with n vertices around a centre (a circle-ish polygon). */
export function ringOf(n: number, lon = 110, lat = 35, radius = 1): number[][] {
  const ring = Array.from({ length: n - 1 }, (_, i) => {
    const a = (2 * Math.PI * i) / (n - 1)
    return [lon + radius * Math.cos(a), lat + radius * Math.sin(a)]
  })
  ring.push(ring[0] as number[])
  return ring
}

/**
 * A hostile outline: one ring of n vertices that winds `turns` times round a centre with a
 * wobbling radius, so it crosses itself thousands of times (49 s in the database's own repair).
 */
export function selfCrossingStar(n: number, turns = 7, lon = 116, lat = 40, radius = 1): number[][] {
  const ring = Array.from({ length: n }, (_, i) => {
    const t = (i / n) * Math.PI * 2 * turns
    const r = radius * (0.5 + 0.5 * Math.abs(Math.sin((i / n) * Math.PI * 2 * (turns + 0.5) * 3)))
    return [lon + r * Math.cos(t), lat + r * Math.sin(t) * 0.8]
  })
  ring.push(ring[0] as number[])
  return ring
}

/** Another hostile input: n squares (seeded, 0.2° to 2.2° wide) piled over one another near 112°E 32°N. */
export function overlappingSquares(n: number, seed = 1): number[][][][] {
  let s = seed
  const random = () => {
    s = (s * 16807) % 2147483647
    return s / 2147483647
  }
  return Array.from({ length: n }, () => {
    const x = 110 + random() * 4
    const y = 30 + random() * 4
    const w = 0.2 + random() * 2
    return [
      [
        [x, y],
        [x + w, y],
        [x + w, y + w],
        [x, y + w],
        [x, y],
      ],
    ]
  })
}

/** A FeatureCollection of polygons, as an uploaded GeoJSON file would hold them. */
export function polygonsGeojson(polygons: number[][][][]): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    features: polygons.map((coordinates, i) => ({ type: 'Feature', properties: { i }, geometry: { type: 'Polygon', coordinates } })),
  })
}

/** A square of ±half degrees around a point, as a GeoJSON polygon. */
export function square(lon: number, lat: number, half = 0.002): Polygon {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lon - half, lat - half],
        [lon + half, lat - half],
        [lon + half, lat + half],
        [lon - half, lat + half],
        [lon - half, lat - half],
      ],
    ],
  }
}

/** A box from west, south, east, north degrees, as a GeoJSON polygon. */
export function box(w: number, s: number, e: number, n: number): Polygon {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ],
    ],
  }
}

/** A quadrilateral of ±halfW × ±halfH degrees about a centre, turned by `turn` degrees (an edge no grid lines up with). */
export function tilted(cx: number, cy: number, halfW: number, halfH: number, turn: number): Polygon {
  const r = (turn * Math.PI) / 180
  const corner = (dx: number, dy: number) => [cx + dx * Math.cos(r) - dy * Math.sin(r), cy + dx * Math.sin(r) + dy * Math.cos(r)]
  const ring = [corner(-halfW, -halfH), corner(halfW, -halfH), corner(halfW, halfH), corner(-halfW, halfH)]
  return { type: 'Polygon', coordinates: [[...ring, ring[0] as number[]]] }
}

/**
 * Decoder of the compressed GeoJSON that ECharts 2–4 map files use (`"UTF8Encoding": true`): each
 * ring is a string of character pairs holding zigzag-encoded deltas of coordinates quantised to
 * 1/UTF8Scale degree (1024 by default), starting from the ring's `encodeOffsets`.
 */

type Position = [number, number]
type Ring = Position[]

interface EncodedGeometry {
  type: string
  coordinates: unknown
  encodeOffsets?: unknown
}

export interface EncodedFeature {
  id?: string
  type: 'Feature'
  properties: Record<string, unknown>
  geometry: EncodedGeometry | null
}

export interface EncodedFeatureCollection {
  type: 'FeatureCollection'
  UTF8Encoding?: boolean
  UTF8Scale?: number
  features: EncodedFeature[]
}

export interface DecodedFeature {
  id?: string
  properties: Record<string, unknown>
  geometry: { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] }
}

/** Decodes one encoded ring: pairs of characters (x, y), each `charCode - 64` zigzag-decoded and added to the previous point. */
export function decodeRing(encoded: string, offset: readonly [number, number], scale = 1024): Ring {
  if (encoded.length % 2 !== 0) throw new Error('encoded ring has an odd number of characters')
  const ring: Ring = []
  let prevX = offset[0]
  let prevY = offset[1]
  for (let i = 0; i < encoded.length; i += 2) {
    let x = encoded.charCodeAt(i) - 64
    let y = encoded.charCodeAt(i + 1) - 64
    x = (x >> 1) ^ -(x & 1)
    y = (y >> 1) ^ -(y & 1)
    x += prevX
    y += prevY
    prevX = x
    prevY = y
    ring.push([x / scale, y / scale])
  }
  return ring
}

/** Encodes a ring as ECharts does (the inverse of decodeRing, used by the tests); returns the string and its offset. */
export function encodeRing(ring: readonly Position[], scale = 1024): { encoded: string; offset: [number, number] } {
  const quantised = ring.map(([x, y]) => [Math.round(x * scale), Math.round(y * scale)] as const)
  const offset: [number, number] = [quantised[0]?.[0] ?? 0, quantised[0]?.[1] ?? 0]
  let prevX = offset[0]
  let prevY = offset[1]
  let encoded = ''
  for (const [x, y] of quantised) {
    const dx = x - prevX
    const dy = y - prevY
    prevX = x
    prevY = y
    encoded += String.fromCharCode(((dx << 1) ^ (dx >> 31)) + 64, ((dy << 1) ^ (dy >> 31)) + 64)
  }
  return { encoded, offset }
}

function asOffset(value: unknown): [number, number] {
  if (!Array.isArray(value) || value.length < 2 || typeof value[0] !== 'number' || typeof value[1] !== 'number') {
    throw new Error('bad encodeOffsets entry')
  }
  return [value[0], value[1]]
}

/** A ring without repeated consecutive positions, or undefined when fewer than 3 distinct corners remain. */
function cleanRing(ring: Ring): Ring | undefined {
  const out: Ring = []
  for (const p of ring) {
    const last = out[out.length - 1]
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p)
  }
  const first = out[0]
  const last = out[out.length - 1]
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) out.push(first)
  return out.length >= 4 ? out : undefined
}

/** Polygons whose exterior ring survives cleaning; degenerate holes are dropped. */
function cleanPolygons(polygons: Ring[][]): Ring[][] {
  const out: Ring[][] = []
  for (const rings of polygons) {
    const [exterior, ...holes] = rings.map((r) => cleanRing(r))
    if (!exterior) continue
    out.push([exterior, ...holes.filter((h): h is Ring => h !== undefined)])
  }
  return out
}

/**
 * Decodes a whole ECharts map file; a file without `UTF8Encoding` is plain GeoJSON and passes
 * through. Degenerate rings are dropped, and features left without a polygon.
 */
export function decodeEchartsGeoJson(json: EncodedFeatureCollection): DecodedFeature[] {
  const scale = json.UTF8Scale ?? 1024
  const out: DecodedFeature[] = []
  for (const feature of json.features) {
    const geometry = feature.geometry
    if (!geometry || !Array.isArray(geometry.coordinates) || geometry.coordinates.length === 0) continue
    const base = { ...(feature.id === undefined ? {} : { id: String(feature.id) }), properties: feature.properties ?? {} }
    let polygons: Ring[][]
    if (!json.UTF8Encoding) {
      if (geometry.type === 'Polygon') polygons = [geometry.coordinates as Ring[]]
      else if (geometry.type === 'MultiPolygon') polygons = geometry.coordinates as Ring[][]
      else continue
    } else {
      const offsets = geometry.encodeOffsets as unknown[]
      if (geometry.type === 'Polygon') {
        polygons = [(geometry.coordinates as string[]).map((r, i) => decodeRing(r, asOffset(offsets[i]), scale))]
      } else if (geometry.type === 'MultiPolygon') {
        polygons = (geometry.coordinates as string[][]).map((polygon, p) =>
          polygon.map((r, i) => decodeRing(r, asOffset((offsets[p] as unknown[])[i]), scale)),
        )
      } else continue
    }
    const clean = cleanPolygons(polygons)
    if (clean.length === 0) continue
    out.push({
      ...base,
      geometry:
        geometry.type === 'Polygon' && clean.length === 1 && clean[0]
          ? { type: 'Polygon', coordinates: clean[0] }
          : { type: 'MultiPolygon', coordinates: clean },
    })
  }
  return out
}

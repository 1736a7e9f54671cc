import type { Polygon } from 'geojson'

/** What typed coordinates make: a closed polygon, or the first line that is not a coordinate pair (1-based; 0: too few points). */
export type TypedPolygon = { ok: true; polygon: Polygon } | { ok: false; line: number }

/**
 * A polygon typed as one "longitude,latitude" per line (a comma, full-width comma, spaces or a tab
 * between them; blank lines skipped): the keyboard's way to an area. The ring is closed when the
 * last point is not the first; at least three different points are needed.
 */
export function parseTypedPolygon(text: string): TypedPolygon {
  const points: [number, number][] = []
  const lines = text.split(/\r?\n/)
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim()
    if (!line) continue
    const parts = line.split(/\s*[,，;；\s]\s*/).filter(Boolean)
    const [lon, lat] = parts.map(Number)
    if (parts.length !== 2 || lon === undefined || lat === undefined || !Number.isFinite(lon) || !Number.isFinite(lat))
      return { ok: false, line: index + 1 }
    if (Math.abs(lon) > 180 || Math.abs(lat) > 90) return { ok: false, line: index + 1 }
    points.push([lon, lat])
  }
  const first = points[0]
  const last = points[points.length - 1]
  if (first && last && points.length > 1 && first[0] === last[0] && first[1] === last[1]) points.pop()
  if (new Set(points.map((p) => `${p[0]},${p[1]}`)).size < 3) return { ok: false, line: 0 }
  return { ok: true, polygon: { type: 'Polygon', coordinates: [[...points, points[0] as [number, number]]] } }
}

/** The outer ring of a (Multi)Polygon as typed lines, for editing a drawn area by keyboard. */
export function polygonAsText(geometry: unknown): string {
  const g = geometry as { type?: string; coordinates?: unknown } | null
  const ring =
    g?.type === 'Polygon'
      ? (g.coordinates as number[][][])[0]
      : g?.type === 'MultiPolygon'
        ? (g.coordinates as number[][][][])[0]?.[0]
        : undefined
  if (!ring) return ''
  return ring
    .slice(0, -1)
    .map(([lon, lat]) => `${lon},${lat}`)
    .join('\n')
}

import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas'
import type { LayerStyle } from './layers'
import { type Box, lonLatToMercator } from './params'

/**
 * Runs in a worker thread (lib/workers): draws the geometries of a WMS GetMap or WMTS tile with
 * antialiasing by Skia (@napi-rs/canvas) and encodes the picture, so that a large image never
 * holds the event loop. The geometries arrive as GeoJSON text, already clipped and simplified by PostGIS.
 */

export interface DrawInput {
  width: number
  height: number
  /** The request box in the request's CRS. */
  box: Box
  /** Whether the box is in Web Mercator metres (else lon/lat degrees). */
  projected: boolean
  transparent: boolean
  background: string
  format: 'image/png' | 'image/jpeg'
  layers: Array<{ style: LayerStyle; geometries: string[] }>
}

type Position = number[]
type Geometry =
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'MultiLineString'; coordinates: Position[][] }
  | { type: 'Point'; coordinates: Position }
  | { type: 'MultiPoint'; coordinates: Position[] }
  | { type: 'GeometryCollection'; geometries: Geometry[] }

export async function drawMap(input: DrawInput): Promise<Uint8Array> {
  const { box, width, height } = input
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  const jpeg = input.format === 'image/jpeg'
  if (!input.transparent || jpeg) {
    ctx.fillStyle = input.background
    ctx.fillRect(0, 0, width, height)
  }
  const sx = width / (box.maxx - box.minx)
  const sy = height / (box.maxy - box.miny)
  const project: (p: Position) => [number, number] = input.projected
    ? (p) => {
        const [x, y] = lonLatToMercator(p[0] as number, p[1] as number)
        return [(x - box.minx) * sx, (box.maxy - y) * sy]
      }
    : (p) => [((p[0] as number) - box.minx) * sx, (box.maxy - (p[1] as number)) * sy]
  for (const layer of input.layers) drawLayer(ctx, layer.style, layer.geometries, project)
  return jpeg ? canvas.encode('jpeg', 90) : canvas.encode('png')
}

function drawLayer(ctx: SKRSContext2D, style: LayerStyle, geometries: string[], project: (p: Position) => [number, number]) {
  ctx.lineJoin = 'round'
  ctx.lineCap = 'round'
  ctx.fillStyle = style.fill
  ctx.strokeStyle = style.stroke
  ctx.lineWidth = style.strokeWidth
  for (const text of geometries) {
    const geometry = JSON.parse(text) as Geometry
    ctx.beginPath()
    const filled = tracePath(ctx, geometry, project)
    if (filled) ctx.fill('evenodd')
    ctx.stroke()
  }
}

/** Adds the geometry to the current path; answers whether it has an area to fill. */
function tracePath(ctx: SKRSContext2D, g: Geometry, project: (p: Position) => [number, number]): boolean {
  const ring = (positions: Position[], close: boolean) => {
    positions.forEach((p, i) => {
      const [x, y] = project(p)
      if (i === 0) ctx.moveTo(x, y)
      else ctx.lineTo(x, y)
    })
    if (close) ctx.closePath()
  }
  switch (g.type) {
    case 'Polygon':
      for (const r of g.coordinates) ring(r, true)
      return true
    case 'MultiPolygon':
      for (const polygon of g.coordinates) for (const r of polygon) ring(r, true)
      return true
    case 'LineString':
      ring(g.coordinates, false)
      return false
    case 'MultiLineString':
      for (const line of g.coordinates) ring(line, false)
      return false
    case 'Point':
    case 'MultiPoint': {
      const points = g.type === 'Point' ? [g.coordinates] : g.coordinates
      for (const p of points) {
        const [x, y] = project(p)
        ctx.moveTo(x + 3, y)
        ctx.arc(x, y, 3, 0, Math.PI * 2)
      }
      return true
    }
    case 'GeometryCollection':
      return g.geometries.map((child) => tracePath(ctx, child, project)).some(Boolean)
  }
}

export const RENDER_WORKER = new URL(import.meta.url).href

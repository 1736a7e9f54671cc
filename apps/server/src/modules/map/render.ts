import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas'
import type { LayerDef, LayerStyle } from './layers'
import type { MapRepository } from './map.repository'
import { type Box, type Crs, lonLatToMercator, toLonLatBox } from './params'

/**
 * Server-side drawing of WMS GetMap and WMTS GetTile: geometries come from PostGIS already clipped
 * to the (slightly enlarged) request box and simplified to about half a pixel, and are drawn with
 * antialiasing by Skia (@napi-rs/canvas), then encoded as PNG (or JPEG, which GDAL's WMS driver asks for by default).
 */

export interface RenderRequest {
  layers: LayerDef[]
  crs: Crs
  box: Box
  width: number
  height: number
  transparent: boolean
  background: string
  format?: 'image/png' | 'image/jpeg'
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

/** Degrees per pixel of the request, for simplification and hit tolerance. */
export function degreesPerPixel(crs: Crs, box: Box, width: number, height: number): number {
  const ll = toLonLatBox(box, crs)
  const perX = (ll.maxx - ll.minx) / width
  const perY = (ll.maxy - ll.miny) / height
  return Math.max(1e-9, Math.min(perX, perY))
}

export async function renderPng(repo: MapRepository, request: RenderRequest): Promise<Buffer> {
  const { box, width, height, crs } = request
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  const jpeg = request.format === 'image/jpeg'
  if (!request.transparent || jpeg) {
    ctx.fillStyle = request.background
    ctx.fillRect(0, 0, width, height)
  }
  // a few pixels of margin so clip edges and their strokes fall outside the image
  const mx = ((box.maxx - box.minx) / width) * 4
  const my = ((box.maxy - box.miny) / height) * 4
  const queryBox = toLonLatBox({ minx: box.minx - mx, miny: box.miny - my, maxx: box.maxx + mx, maxy: box.maxy + my }, crs)
  if (queryBox.minx < queryBox.maxx && queryBox.miny < queryBox.maxy) {
    const perPixel = degreesPerPixel(crs, box, width, height)
    const digits = Math.min(9, Math.max(2, Math.ceil(-Math.log10(perPixel / 4))))
    const sx = width / (box.maxx - box.minx)
    const sy = height / (box.maxy - box.miny)
    const project: (p: Position) => [number, number] = crs.projected
      ? (p) => {
          const [x, y] = lonLatToMercator(p[0] as number, p[1] as number)
          return [(x - box.minx) * sx, (box.maxy - y) * sy]
        }
      : (p) => [((p[0] as number) - box.minx) * sx, (box.maxy - (p[1] as number)) * sy]
    const fetched = await Promise.all(request.layers.map((layer) => repo.drawable(layer, queryBox, perPixel * 0.5, digits)))
    request.layers.forEach((layer, i) => {
      drawLayer(ctx, layer.style, fetched[i] ?? [], project)
    })
  }
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

import { createSlots } from '../../lib/slots'
import type { LayerDef } from './layers'
import type { LayerGrant } from './map-access'
import type { MapContext } from './map-context'
import { OgcError, runMapTask } from './ogc'
import { type Box, type Crs, toLonLatBox } from './params'
import { type DrawInput, RENDER_WORKER } from './render.worker'

/**
 * Server-side drawing of WMS GetMap and WMTS GetTile: geometries come from PostGIS already clipped
 * to the (slightly enlarged) request box and simplified to about half a pixel; a worker thread
 * draws and encodes them (render.worker.ts) within a time budget.
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
  /** per layer, the caller's grant of a protected layer (map-access.ts) */
  grants?: Array<LayerGrant | undefined>
}

/** Longest time one map image may take, reading and drawing together. */
export const RENDER_BUDGET_SECONDS = 8

/** Map images read from the database at once; more wait (within the budget) so a burst cannot fill the database's queue. */
const renderSlots = createSlots(2)

/** Degrees per pixel of the request, for simplification and hit tolerance. */
export function degreesPerPixel(crs: Crs, box: Box, width: number, height: number): number {
  const ll = toLonLatBox(box, crs)
  const perX = (ll.maxx - ll.minx) / width
  const perY = (ll.maxy - ll.miny) / height
  return Math.max(1e-9, Math.min(perX, perY))
}

export async function renderPng(ctx: MapContext, request: RenderRequest): Promise<Buffer> {
  const started = performance.now()
  const release = await renderSlots.acquire(RENDER_BUDGET_SECONDS * 500)
  if (!release) throw OgcError.of('NoApplicableCode', undefined, 'ogc.errors.busy', undefined, 503)
  try {
    return await render(ctx, request, started)
  } finally {
    release()
  }
}

async function render(ctx: MapContext, request: RenderRequest, started: number): Promise<Buffer> {
  const { box, width, height, crs } = request
  // a few pixels of margin so clip edges and their strokes fall outside the image
  const mx = ((box.maxx - box.minx) / width) * 4
  const my = ((box.maxy - box.miny) / height) * 4
  const queryBox = toLonLatBox({ minx: box.minx - mx, miny: box.miny - my, maxx: box.maxx + mx, maxy: box.maxy + my }, crs)
  let geometries: string[][] = request.layers.map(() => [])
  if (queryBox.minx < queryBox.maxx && queryBox.miny < queryBox.maxy) {
    const perPixel = degreesPerPixel(crs, box, width, height)
    const digits = Math.min(9, Math.max(2, Math.ceil(-Math.log10(perPixel / 4))))
    geometries = await Promise.all(
      request.layers.map((layer, i) => ctx.repo.drawable(layer, queryBox, perPixel * 0.5, digits, request.grants?.[i])),
    )
  }
  const input: DrawInput = {
    width,
    height,
    box,
    projected: crs.projected,
    transparent: request.transparent,
    background: request.background,
    format: request.format ?? 'image/png',
    layers: request.layers.map((layer, i) => ({ style: layer.style, geometries: geometries[i] ?? [] })),
  }
  const budgetMs = Math.max(1, RENDER_BUDGET_SECONDS * 1000 - (performance.now() - started))
  return Buffer.from(
    await runMapTask<Uint8Array>(
      ctx.tasks,
      { module: RENDER_WORKER, fn: 'drawMap', input },
      { leftMs: budgetMs, seconds: RENDER_BUDGET_SECONDS },
    ),
  )
}

import type { Position } from 'geojson'

/**
 * Polygons on a regular lon/lat grid, by cell centres: the archive's coverage analysis (a set cover
 * on a grid of the search area) and the coverage engine (each county's grid) both rasterize here.
 */

/** The bounding box of polygons' coordinates: [minx, miny, maxx, maxy]. */
export function bboxOf(polygons: Position[][][]): [number, number, number, number] {
  let [minx, miny, maxx, maxy] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const rings of polygons)
    for (const ring of rings)
      for (const p of ring) {
        const [x, y] = p as [number, number]
        if (x < minx) minx = x
        if (x > maxx) maxx = x
        if (y < miny) miny = y
        if (y > maxy) maxy = y
      }
  return [minx, miny, maxx, maxy]
}

/** Square cells of `size` degrees from (minx, miny): nx columns, ny rows from the south; cell = row × nx + column. */
export interface Grid {
  minx: number
  miny: number
  size: number
  nx: number
  ny: number
}

/**
 * The cells of the grid whose centres a shape contains (even-odd rule over all its rings, so holes
 * and the parts of a MultiPolygon count right), row by row: the crossings of each row's centre line
 * with the shape's edges, filled in pairs.
 */
export function rasterize(polygons: Position[][][], grid: Grid, visit: (cell: number) => void): void {
  rasterizeSpans(polygons, grid, (j, i0, i1) => {
    for (let i = i0; i <= i1; i++) visit(j * grid.nx + i)
  })
}

/** A shape's edges as numbers (x1 y1 x2 y2 …) and its latitude range: prepared once, rasterized on many grids. */
export interface PreparedEdges {
  edges: Float64Array
  miny: number
  maxy: number
}

export function prepareEdges(polygons: Position[][][]): PreparedEdges {
  let count = 0
  for (const rings of polygons) for (const ring of rings) count += Math.max(0, ring.length - 1)
  const edges = new Float64Array(4 * count)
  let miny = Infinity
  let maxy = -Infinity
  let e = 0
  for (const rings of polygons)
    for (const ring of rings)
      for (let k = 0; k + 1 < ring.length; k++) {
        const [x1, y1] = ring[k] as [number, number]
        const [x2, y2] = ring[k + 1] as [number, number]
        edges[e++] = x1
        edges[e++] = y1
        edges[e++] = x2
        edges[e++] = y2
        miny = Math.min(miny, y1, y2)
        maxy = Math.max(maxy, y1, y2)
      }
  return { edges, miny, maxy }
}

let crossings = new Float64Array(64)

/** As {@link rasterize}, a run of cells at a time: row j, columns i0 to i1 inclusive. */
export function rasterizeSpans(shape: Position[][][] | PreparedEdges, grid: Grid, span: (j: number, i0: number, i1: number) => void): void {
  // the edges once, as numbers, and the crossings of a row in a typed array sorted without a
  // comparator: a footprint crosses most rows twice, and a province is rasterized once per
  // coverage with thousands of edges on each row
  const { edges, miny, maxy } = Array.isArray(shape) ? prepareEdges(shape) : shape
  const j0 = Math.max(0, Math.ceil((miny - grid.miny) / grid.size - 0.5))
  const j1 = Math.min(grid.ny - 1, Math.floor((maxy - grid.miny) / grid.size - 0.5))
  if (crossings.length < edges.length / 4) crossings = new Float64Array(edges.length / 4)
  const xs = crossings
  for (let j = j0; j <= j1; j++) {
    const y = grid.miny + (j + 0.5) * grid.size
    let n = 0
    for (let k = 0; k < edges.length; k += 4) {
      const y1 = edges[k + 1] as number
      const y2 = edges[k + 3] as number
      if ((y1 <= y && y < y2) || (y2 <= y && y < y1)) {
        const x1 = edges[k] as number
        xs[n++] = x1 + ((y - y1) * ((edges[k + 2] as number) - x1)) / (y2 - y1)
      }
    }
    if (n === 2) {
      if ((xs[0] as number) > (xs[1] as number)) {
        const t = xs[0] as number
        xs[0] = xs[1] as number
        xs[1] = t
      }
    } else if (n > 2) xs.subarray(0, n).sort()
    for (let k = 0; k + 1 < n; k += 2) {
      const i0 = Math.max(0, Math.ceil(((xs[k] as number) - grid.minx) / grid.size - 0.5))
      const i1 = Math.min(grid.nx - 1, Math.ceil(((xs[k + 1] as number) - grid.minx) / grid.size - 0.5) - 1)
      if (i0 <= i1) span(j, i0, i1)
    }
  }
}

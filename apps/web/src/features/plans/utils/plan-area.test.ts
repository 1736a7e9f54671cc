import type { AoiUpload } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import { addRegion, areaOfItem, areaShape, emptyArea, toPlanArea } from './plan-area'

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [111, 40],
      [112, 40],
      [112, 41],
      [111, 40],
    ],
  ],
}

describe('plan item areas', () => {
  it('sends nothing while the area is incomplete', () => {
    expect(toPlanArea(emptyArea('region'))).toBeNull()
    expect(toPlanArea(emptyArea('draw'))).toBeNull()
    expect(toPlanArea(emptyArea('shp'))).toBeNull()
  })

  it('sends regions, a polygon or an upload id', () => {
    const regions = addRegion(addRegion(emptyArea('region'), '150102'), '150102')
    expect(toPlanArea(addRegion(regions, '150103'))).toEqual({ mode: 'region', regionCodes: ['150102', '150103'] })
    expect(toPlanArea({ mode: 'draw', geometry: square })).toEqual({ mode: 'draw', geometry: square })
    const upload = { uploadId: '7c7ab1f8-4f2a-4a43-9a55-0b5fd4a0a8de', name: 'a.zip', geojson: square } as unknown as AoiUpload
    expect(toPlanArea({ mode: 'shp', upload })).toEqual({ mode: 'shp', uploadId: upload.uploadId })
    expect(areaShape({ mode: 'shp', upload })).toBe(square)
    expect(areaShape(regions)).toBeNull()
  })

  it('edits a region item by its codes, a drawn or uploaded one by its stored shape, kept as stored until it is replaced', () => {
    expect(areaOfItem({ id: 3, areaSource: 'region', regionCodes: ['150102'], geometry: square })).toEqual({
      mode: 'region',
      regionCodes: ['150102'],
    })
    const kept = areaOfItem({ id: 4, areaSource: 'shp', regionCodes: [], geometry: square })
    expect(kept).toEqual({ mode: 'draw', geometry: square, kept: 'shp', itemId: 4 })
    // the map shows a simplified copy: the server keeps the stored shape itself
    expect(toPlanArea(kept)).toEqual({ mode: 'keep', itemId: 4 })
    expect(toPlanArea({ mode: 'draw', geometry: square })).toEqual({ mode: 'draw', geometry: square })
  })
})

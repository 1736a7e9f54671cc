import { describe, expect, it } from 'vitest'
import type { TaskPool } from '../../lib/workers/pool'
import { LAYERS } from './layers'
import type { MapRepository } from './map.repository'
import { createTileBuilder } from './mvt'

// with ST_AsMVT no tile is cut in a worker thread
const noThreads = {} as TaskPool

describe('vector tile builder', () => {
  it('builds a tile once, keeps it, and shares one build between concurrent requests', async () => {
    let builds = 0
    const repo = {
      supportsAsMvt: async () => true,
      mvt: async () => {
        builds++
        return new Uint8Array([1, 2, 3])
      },
    } as unknown as MapRepository
    const tiles = createTileBuilder(repo, noThreads)
    const layer = LAYERS[0]
    if (!layer) throw new Error('no layer')
    const [a, b] = await Promise.all([tiles.tile(layer, 5, 25, 12), tiles.tile(layer, 5, 25, 12)])
    expect(a).toEqual(new Uint8Array([1, 2, 3]))
    expect(b).toBe(a)
    await tiles.tile(layer, 5, 25, 12)
    expect(builds).toBe(1)
    await tiles.tile(layer, 5, 26, 12)
    expect(builds).toBe(2)
  })

  it('does not keep a failed build', async () => {
    let calls = 0
    const repo = {
      supportsAsMvt: async () => true,
      mvt: async () => {
        calls++
        if (calls === 1) throw new Error('database busy')
        return new Uint8Array([9])
      },
    } as unknown as MapRepository
    const tiles = createTileBuilder(repo, noThreads)
    const layer = LAYERS[0]
    if (!layer) throw new Error('no layer')
    await expect(tiles.tile(layer, 3, 6, 3)).rejects.toThrow('database busy')
    await expect(tiles.tile(layer, 3, 6, 3)).resolves.toEqual(new Uint8Array([9]))
  })
})

import { monitorModule } from '@rs/shared'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createSpotTileLayer, loadWithToken, spotTileUrl } from './spot-tiles'

/** A tile that records what the loader gives it. */
function fakeTile() {
  let loader: ((extent: number[], resolution: number, projection: unknown) => void) | undefined
  const tile = {
    features: undefined as unknown[] | undefined,
    state: 0,
    setLoader(l: typeof loader) {
      loader = l
    },
    setFeatures(f: unknown[]) {
      tile.features = f
    },
    setState(s: number) {
      tile.state = s
    },
    load: () => loader?.([0, 0, 1, 1], 1, 'EPSG:3857'),
  }
  return tile
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('spot vector tiles of the detail map', () => {
  it('address the module’s spot layer of the map services, from its declaration', () => {
    expect(spotTileUrl(monitorModule('windmill') as never)).toBe('/map/tiles/windmill_meta/{z}/{x}/{y}.mvt')
    expect(spotTileUrl(monitorModule('nonagricultural') as never)).toBe('/map/tiles/nonagricultural_nongrain_meta/{z}/{x}/{y}.mvt')
    expect(createSpotTileLayer(monitorModule('pvland') as never)?.getSource()).toBeTruthy()
  })

  it('send the session token as a header, and take a refused tile (outside the range) as an empty one', async () => {
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'token' ? 'tok_abcdefghijklmnopqrstuvwxyz' : null) })
    const fetchMock = vi.fn(async () => new Response('', { status: 403 }))
    vi.stubGlobal('fetch', fetchMock)
    const tile = fakeTile()
    loadWithToken(tile as never, '/map/tiles/windmill_meta/10/1/2.mvt')
    tile.load()
    await vi.waitFor(() => expect(tile.features).toEqual([]))
    // every call carries the interface's language too (x-portal-lang)
    expect(fetchMock).toHaveBeenCalledWith('/map/tiles/windmill_meta/10/1/2.mvt', {
      headers: { token: 'tok_abcdefghijklmnopqrstuvwxyz', 'x-portal-lang': 'zh-CN' },
    })
    expect(tile.state).toBe(0)
  })
})

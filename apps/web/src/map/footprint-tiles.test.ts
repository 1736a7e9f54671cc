import { get as getProjection } from 'ol/proj'
import type VectorTileSource from 'ol/source/VectorTile'
import { describe, expect, it } from 'vitest'
import { createFootprintTileLayer, FOOTPRINT_TILE_THRESHOLD, usesFootprintTiles } from './footprint-tiles'

describe('footprint tiles', () => {
  it('draws all matching footprints as tiles only past the threshold', () => {
    expect(FOOTPRINT_TILE_THRESHOLD).toBe(500)
    expect(usesFootprintTiles(undefined)).toBe(false)
    expect(usesFootprintTiles(0)).toBe(false)
    expect(usesFootprintTiles(45)).toBe(false)
    expect(usesFootprintTiles(500)).toBe(false)
    expect(usesFootprintTiles(501)).toBe(true)
    expect(usesFootprintTiles(1_000_000)).toBe(true)
    expect(usesFootprintTiles(101, 100)).toBe(true)
  })

  it('points the layer at the tile template, below the page footprints, and empties it again', () => {
    const tiles = createFootprintTileLayer()
    expect(tiles.layer.getSource()).toBeNull()
    expect(tiles.layer.getZIndex()).toBeLessThan(25)
    const url = '/map/tiles/scene/{z}/{x}/{y}.pbf?q=abcdefghijklmnopqrstuv'
    tiles.show(url)
    const source = tiles.layer.getSource() as VectorTileSource
    expect(source.getUrls()).toEqual([url])
    // the same template keeps the same source (no reload of loaded tiles)
    tiles.show(url)
    expect(tiles.layer.getSource()).toBe(source)
    const fn = source.getTileUrlFunction()
    expect(fn([5, 26, 12], 1, getProjection('EPSG:3857') as NonNullable<ReturnType<typeof getProjection>>)).toBe(
      '/map/tiles/scene/5/26/12.pbf?q=abcdefghijklmnopqrstuv',
    )
    tiles.show(null)
    expect(tiles.layer.getSource()).toBeNull()
    expect(tiles.url()).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { cellKey, GRID_BASE_LEVEL, GRID_LEVELS, isGridLevel, tileBbox, tileOf } from './grid'
import { MONITOR_MODULES } from './modules'

describe('monitor grid cells (XYZ tiles)', () => {
  it('allows levels 13 and 14 only, and every declaration uses one of them', () => {
    expect(GRID_LEVELS).toEqual([13, 14])
    expect(isGridLevel(12)).toBe(false)
    for (const m of MONITOR_MODULES) expect(isGridLevel(m.gridLevel), m.key).toBe(true)
    // each spot stores its tile at the base level; a coarser level's tile is it shifted right
    for (const level of GRID_LEVELS) expect(level).toBeLessThanOrEqual(GRID_BASE_LEVEL)
    const [x14, y14] = tileOf(111.67, 40.82, GRID_BASE_LEVEL)
    expect([x14 >> 1, y14 >> 1]).toEqual(tileOf(111.67, 40.82, 13))
  })

  it('finds the tile of a position as the XYZ tiling numbers it (Tiananmen at level 13)', () => {
    // 116.3975°E 39.9087°N: x = floor((116.3975+180)/360·8192) = 6744, y from the Mercator formula
    expect(tileOf(116.3975, 39.9087, 13)).toEqual([6744, 3104])
    expect(tileOf(-180, 85.06, 1)).toEqual([0, 0])
    expect(tileOf(179.9999, -85.06, 1)).toEqual([1, 1])
  })

  it('gives the bbox holding the position, the next tile sharing its edge', () => {
    const [x, y] = tileOf(111.67, 40.82, 14)
    const [w, s, e, n] = tileBbox(x, y, 14)
    expect(w).toBeLessThanOrEqual(111.67)
    expect(e).toBeGreaterThan(111.67)
    expect(s).toBeLessThanOrEqual(40.82)
    expect(n).toBeGreaterThan(40.82)
    expect(tileBbox(x + 1, y, 14)[0]).toBeCloseTo(e, 12)
    expect(tileBbox(x, y + 1, 14)[3]).toBeCloseTo(s, 12)
    expect(cellKey(14, x, y)).toBe(`14/${x}/${y}`)
  })
})

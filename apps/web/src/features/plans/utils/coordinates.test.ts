import { describe, expect, it } from 'vitest'
import { parseTypedPolygon, polygonAsText } from './coordinates'

describe('parseTypedPolygon', () => {
  it('closes the ring of points typed one per line, with commas, full-width commas, spaces or tabs', () => {
    const typed = parseTypedPolygon('111.6,40.8\n111.9，40.8\n\n111.9 41\n111.6\t41\n')
    expect(typed).toEqual({
      ok: true,
      polygon: {
        type: 'Polygon',
        coordinates: [
          [
            [111.6, 40.8],
            [111.9, 40.8],
            [111.9, 41],
            [111.6, 41],
            [111.6, 40.8],
          ],
        ],
      },
    })
  })

  it('keeps a ring the person closed', () => {
    const typed = parseTypedPolygon('1,1\n2,1\n2,2\n1,1')
    expect(typed.ok && typed.polygon.coordinates[0]).toHaveLength(4)
  })

  it('names the first line that is not a pair of degrees', () => {
    expect(parseTypedPolygon('111.6,40.8\n111.9\n111.9,41')).toEqual({ ok: false, line: 2 })
    expect(parseTypedPolygon('111.6,40.8\n200,40\n111.9,41')).toEqual({ ok: false, line: 2 })
    expect(parseTypedPolygon('a,b')).toEqual({ ok: false, line: 1 })
  })

  it('wants three different points', () => {
    expect(parseTypedPolygon('1,1\n2,2\n1,1')).toEqual({ ok: false, line: 0 })
    expect(parseTypedPolygon('')).toEqual({ ok: false, line: 0 })
  })
})

describe('polygonAsText', () => {
  it('writes the outer ring back as lines without the closing point', () => {
    const ring = [
      [1, 1],
      [2, 1],
      [2, 2],
      [1, 1],
    ]
    expect(polygonAsText({ type: 'MultiPolygon', coordinates: [[ring]] })).toBe('1,1\n2,1\n2,2')
    expect(polygonAsText({ type: 'Polygon', coordinates: [ring] })).toBe('1,1\n2,1\n2,2')
    expect(polygonAsText(null)).toBe('')
  })
})

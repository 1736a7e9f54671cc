import { beforeEach, describe, expect, it } from 'vitest'
import { SELECT_MODE, selectedGeometry, selectedSceneArea, useSelectStore } from './select-store'

const withResults = () => useSelectStore.setState({ resultIds: ['a', 'b'], checkedIds: ['a'], total: 2, unionArea: 10 })
const hasNoResults = () => {
  const s = useSelectStore.getState()
  return s.resultIds.length === 0 && s.checkedIds.length === 0 && s.total === 0 && s.unionArea === 0
}

describe('select store (SPEC §4)', () => {
  beforeEach(() => useSelectStore.getState().reset())

  it('starts in region mode on the whole country', () => {
    expect(useSelectStore.getState()).toMatchObject({ selectMode: SELECT_MODE.REGION, regionCode: '100000', sidebarTab: 1 })
  })

  it('clears results when the mode, region or extent changes', () => {
    withResults()
    useSelectStore.getState().setSelectMode(SELECT_MODE.EXTENT)
    expect(hasNoResults()).toBe(true)
    withResults()
    useSelectStore.getState().setRegion('150000')
    expect(hasNoResults()).toBe(true)
    withResults()
    useSelectStore.getState().setExtent([1, 2, 3, 4])
    expect(hasNoResults()).toBe(true)
  })

  it('switches to draw mode when a draw type is chosen', () => {
    useSelectStore.getState().chooseDrawType('circle')
    expect(useSelectStore.getState()).toMatchObject({ selectMode: SELECT_MODE.DRAW, drawType: 'circle' })
    useSelectStore.getState().setSelectMode(SELECT_MODE.REGION)
    expect(useSelectStore.getState().drawType).toBeNull()
  })

  it('answers the selected geometry of each mode', () => {
    const s = useSelectStore.getState()
    s.setSelectMode(SELECT_MODE.EXTENT)
    s.setExtent([100, 30, 101, 31])
    expect(selectedGeometry(useSelectStore.getState())?.type).toBe('Polygon')
    s.chooseDrawType('rectangle')
    expect(selectedGeometry(useSelectStore.getState())).toBeNull()
    s.setDrawn({ type: 'Polygon', coordinates: [] })
    expect(selectedGeometry(useSelectStore.getState())).toEqual({ type: 'Polygon', coordinates: [] })
    s.clearArea()
    expect(useSelectStore.getState()).toMatchObject({ drawGeojson: null, drawType: null })
    s.setSelectMode(SELECT_MODE.REGION)
    expect(selectedGeometry(useSelectStore.getState())).toBeNull()
  })

  it('keeps a FILE list until the mode changes or the area is cleared, clearing results', () => {
    const s = useSelectStore.getState()
    s.setSelectMode(SELECT_MODE.FILE)
    withResults()
    s.setFileList({ uploadId: '7c0a4d6e-1111-4a2b-8c3d-44556677aabb', report: null })
    expect(hasNoResults()).toBe(true)
    expect(useSelectStore.getState().fileList?.uploadId).toBe('7c0a4d6e-1111-4a2b-8c3d-44556677aabb')
    expect(selectedGeometry(useSelectStore.getState())).toBeNull()
    useSelectStore.getState().clearArea()
    expect(useSelectStore.getState().fileList).toBeNull()
  })

  it('answers the query area of each mode', () => {
    const s = useSelectStore.getState()
    expect(selectedSceneArea(useSelectStore.getState())).toEqual({ mode: 'region', regionCode: '100000' })
    s.setSelectMode(SELECT_MODE.EXTENT)
    expect(selectedSceneArea(useSelectStore.getState())).toBeNull()
    s.setExtent([100, 30, 101, 31])
    expect(selectedSceneArea(useSelectStore.getState())).toEqual({ mode: 'extent', bbox: [100, 30, 101, 31] })
    s.chooseDrawType('polygon')
    const polygon = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [1, 1],
          [2, 1],
          [2, 2],
          [1, 1],
        ],
      ],
    }
    s.setDrawn(polygon)
    expect(selectedSceneArea(useSelectStore.getState())).toEqual({ mode: 'draw', geometry: polygon })
    s.setDrawn({ type: 'Point', coordinates: [1, 1] })
    expect(selectedSceneArea(useSelectStore.getState())).toBeNull()
    s.setSelectMode(SELECT_MODE.FILE)
    s.setFileList({ uploadId: 'u1', report: null })
    expect(selectedSceneArea(useSelectStore.getState())).toEqual({ mode: 'file', uploadId: 'u1' })
  })
})

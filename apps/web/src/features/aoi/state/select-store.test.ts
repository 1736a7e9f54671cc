import { beforeEach, describe, expect, it } from 'vitest'
import { SELECT_MODE, selectedGeometry, useSelectStore } from './select-store'

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
})

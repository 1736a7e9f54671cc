import type BaseLayer from 'ol/layer/Base'
import type VectorLayer from 'ol/layer/Vector'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '../../../test/render'
import { GF1_TLE } from '../test/fixtures'
import { matchTle } from '../utils/tle-match'
import SatelliteTrackerMap from './satellite-tracker-map'

// the map shell itself needs a canvas; the layers it is given are what this test reads
const given: { overlays: readonly BaseLayer[] } = { overlays: [] }
vi.mock('../../../map/map-view', () => ({
  MapView: ({ overlays }: { overlays: readonly BaseLayer[] }) => {
    given.overlays = overlays
    return <div data-testid="map-stub" />
  },
}))

const { tracked } = matchTle([{ name: 'GF-1 01', noradId: 39150 }], GF1_TLE)

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden })
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'))
  })
}

const featureCount = (index: number) => (given.overlays[index] as VectorLayer | undefined)?.getSource()?.getFeatures().length

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-06-14T00:00:00Z') }))
afterEach(() => {
  setHidden(false)
  vi.useRealTimers()
})

describe('SatelliteTrackerMap', () => {
  it('puts the satellite and its track on the map and moves it every second', () => {
    render(<SatelliteTrackerMap members={tracked} showTracks />)
    expect(screen.getByTestId('satellite-computed-at').textContent).toBe('推算时间 2026-06-14 08:00:00（北京时间）')
    const first = screen.getByTestId('satellite-position').textContent
    expect(first).toMatch(/^GF-1 01：经度 -?\d+\.\d{2}，纬度 -?\d+\.\d{2}，高度 6\d\d km$/)
    // tracks (past and future) below, the icon above
    expect(featureCount(0)).toBe(2)
    expect(featureCount(1)).toBe(1)
    act(() => {
      vi.advanceTimersByTime(1000)
    })
    expect(screen.getByTestId('satellite-computed-at').textContent).toBe('推算时间 2026-06-14 08:00:01（北京时间）')
    expect(screen.getByTestId('satellite-position').textContent).not.toBe(first)
  })

  it('pauses while the page is hidden and catches up when it is shown again', () => {
    render(<SatelliteTrackerMap members={tracked} showTracks={false} />)
    expect(featureCount(0)).toBe(0)
    setHidden(true)
    act(() => {
      vi.advanceTimersByTime(5000)
    })
    expect(screen.getByTestId('satellite-computed-at').textContent).toBe('推算时间 2026-06-14 08:00:00（北京时间）')
    setHidden(false)
    expect(screen.getByTestId('satellite-computed-at').textContent).toBe('推算时间 2026-06-14 08:00:05（北京时间）')
    act(() => {
      vi.advanceTimersByTime(1000)
    })
    expect(screen.getByTestId('satellite-computed-at').textContent).toBe('推算时间 2026-06-14 08:00:06（北京时间）')
  })
})

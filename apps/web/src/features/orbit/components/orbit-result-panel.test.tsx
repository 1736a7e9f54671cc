import type { Pass, Prediction } from '@rs/shared'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { ORBIT_TAB, useOrbitStore } from '../state/orbit-store'
import { OrbitResultPanel } from './orbit-result-panel'

const pass = (over: Partial<Pass>): Pass => ({
  noradId: 39150,
  satellite: 'GF-1 01',
  slug: 'gf1',
  kind: 'optical',
  sensor: 'PMS1/PMS2',
  swathKm: 60,
  maxRollDeg: 30,
  start: '2026-06-14T02:30:00.000Z',
  end: '2026-06-14T02:32:10.000Z',
  reachKm: 400,
  closestKm: 120.46,
  closestTime: '2026-06-14T02:31:00.000Z',
  rollDeg: 8.04,
  sunElevationDeg: 65.43,
  direction: 'descending',
  altitudeKm: 645,
  subPoint: [116.3, 39.9],
  ...over,
})

const prediction: Prediction = {
  id: 7,
  name: '北京',
  createdAt: '2026-06-13T08:00:00.000Z',
  query: {
    satellites: ['gf1', 'landsat'],
    start: '2026-06-14T00:00:00+08:00',
    end: '2026-06-16T00:00:00+08:00',
    area: { regionCode: '110000' },
  },
  passes: [
    pass({}),
    pass({
      noradId: 49260,
      satellite: 'Landsat 9',
      slug: 'landsat',
      sensor: 'OLI',
      start: '2026-06-15T14:00:00.000Z',
      end: '2026-06-15T14:01:00.000Z',
      direction: 'ascending',
    }),
  ],
  notPredicted: [{ satellite: 'Landsat 7', reason: 'stale' }],
  filteredBySun: 0,
  elements: [],
  computeMs: 12,
}

beforeEach(() => {
  useOrbitStore.getState().clear()
  useOrbitStore.getState().open(7)
})

// antd's first table render takes seconds on a loaded machine
describe('OrbitResultPanel', { timeout: 20_000 }, () => {
  it('lists the passes in Beijing time with direction, roll and the satellites not predicted', () => {
    render(<OrbitResultPanel prediction={prediction} isLoading={false} />)
    const rows = screen.getByTestId('orbit-passes').querySelectorAll('tr.ant-table-row')
    expect(rows).toHaveLength(2)
    const first = within(rows[0] as HTMLElement)
    expect(first.getByText('2026-06-14 10:30:00')).toBeTruthy()
    expect(first.getByText('10:32:10')).toBeTruthy()
    expect(first.getByText('120.5')).toBeTruthy()
    expect(first.getByText('降轨')).toBeTruthy()
    expect(within(rows[1] as HTMLElement).getByText('升轨')).toBeTruthy()
    expect(screen.getByTestId('orbit-not-predicted').textContent).toContain('Landsat 7')
    expect(screen.getByTestId('orbit-pass-count').textContent).toBe('共2次过境')
  })

  it('chooses a pass, hides a satellite, and clear returns to SELECT', () => {
    render(<OrbitResultPanel prediction={prediction} isLoading={false} />)
    const rows = screen.getByTestId('orbit-passes').querySelectorAll('tr.ant-table-row')
    fireEvent.click(rows[1] as HTMLElement)
    expect(useOrbitStore.getState().selectedPass).toBe(1)
    fireEvent.click(within(screen.getByTestId('orbit-active')).getByLabelText('Landsat 9'))
    expect(useOrbitStore.getState().hiddenSatellites).toEqual([49260])
    fireEvent.click(screen.getByTestId('orbit-clear'))
    expect(useOrbitStore.getState().tab).toBe(ORBIT_TAB.SELECT)
    expect(useOrbitStore.getState().orbitalPredictId).toBeNull()
  })
})

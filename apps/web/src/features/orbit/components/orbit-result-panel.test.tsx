import type { Pass, Prediction } from '@rs/shared'
import { beforeEach, describe, expect, it } from 'vitest'
import { act, fireEvent, render, screen, waitFor, within } from '../../../test/render'
import { ORBIT_TAB, useOrbitStore } from '../state/orbit-store'
import { OrbitResultPanel, PassFramesList } from './orbit-result-panel'

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
    minSunElevationDeg: 10,
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
  notPredicted: [
    { satellite: 'Landsat 7', reason: 'stale' },
    { satellite: 'ZY-1 02D', reason: 'noSwath' },
  ],
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
    expect(screen.getByTestId('orbit-not-predicted-stale').textContent).toBe('无法预测（轨道根数过旧）：Landsat 7')
    expect(screen.getByTestId('orbit-not-predicted-noSwath').textContent).toBe('无法预测（缺少幅宽资料）：ZY-1 02D')
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

  it('chooses a pass on a later page by its place in the whole list', () => {
    const many = {
      ...prediction,
      passes: Array.from({ length: 25 }, (_v, i) => pass({ start: `2026-06-14T${String(i).padStart(2, '0')}:00:00.000Z` })),
    }
    render(<OrbitResultPanel prediction={many} isLoading={false} />)
    fireEvent.click(screen.getByTitle('2'))
    const rows = screen.getByTestId('orbit-passes').querySelectorAll('tr.ant-table-row')
    expect(rows).toHaveLength(5)
    fireEvent.click(rows[0] as HTMLElement)
    expect(useOrbitStore.getState().selectedPass).toBe(20)
  })

  it('shows a pass chosen on the map highlighted on its page of the list, and says when the map groups the passes', async () => {
    const many = {
      ...prediction,
      passes: Array.from({ length: 45 }, (_v, i) =>
        pass({ start: `2026-06-${String(14 + Math.floor(i / 24)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:00:00.000Z` }),
      ),
    }
    render(<OrbitResultPanel prediction={many} isLoading={false} isMapCrowded />)
    expect(screen.getByTestId('orbit-map-crowded').textContent).toContain('过境超过20次：地图上相近的过境合并为带数字的圆点')
    // the map's click chooses the 42nd pass: the list turns to page 3 with it highlighted
    act(() => useOrbitStore.getState().selectPass(41))
    const selected = await waitFor(() => {
      const row = screen.getByTestId('orbit-passes').querySelector('tr.ant-table-row-selected')
      if (!row) throw new Error('no selected row shown')
      return row as HTMLElement
    })
    expect(within(selected).getByText('2026-06-16 01:00:00')).toBeTruthy()
    expect(screen.getByTitle('3').className).toContain('ant-pagination-item-active')
  })

  it("lists the chosen pass's frames with their centre times in Beijing time", () => {
    const ring: Array<[number, number]> = [
      [116, 39],
      [117, 39],
      [117, 40],
      [116, 40],
      [116, 39],
    ]
    const frames = {
      rollDeg: 8.4,
      frames: [
        {
          sensor: 'PMS1',
          index: 812,
          startMs: 0,
          centreMs: Date.parse('2026-06-14T02:31:04Z'),
          endMs: 0,
          centre: [116.5, 39.5] as [number, number],
          ring,
        },
      ],
    }
    render(<PassFramesList frames={frames} loading={false} />)
    const list = screen.getByTestId('orbit-frames')
    expect(screen.getByTestId('orbit-frame-count').textContent).toBe('所选过境可拍摄的景：1景')
    expect(within(list).getByText('侧摆8.4°对准区域')).toBeTruthy()
    expect(within(list).getByText('2026-06-14 10:31:04')).toBeTruthy()
    expect(within(list).getByText('116.500, 39.500')).toBeTruthy()
  })
})

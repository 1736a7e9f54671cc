import type { Scene, SceneQueryAnswer, SceneQueryBody } from '@rs/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, within } from '../../../test/render'
import { useResultStore } from '../state/result-store'
import { ResultPanel } from './result-panel'

const scene = (id: string, acquiredAt: string): Scene => ({
  id,
  satellite: 'GF2',
  sensor: 'PMS1',
  slug: 'gf2',
  acquiredAt,
  cloudPercent: 12.5,
  resolutionM: 0.8,
  productLevel: 'L1A',
  orbit: 1,
  path: 2,
  row: 3,
  direction: 'descending',
  offNadirDeg: 0,
  sunElevationDeg: 40,
  fileName: `${id}.tar.gz`,
  dataStatus: '2',
  areaKm2: 100,
  footprint: { type: 'Polygon', coordinates: [] },
  quicklookUrl: `/api/normalmeta/quicklook?id=${id}`,
  illustrative: true,
})

const query: SceneQueryBody = {
  area: { mode: 'region', regionCode: '110000' },
  filters: { satellites: [], sensors: [], productLevels: [], dataStatus: '2' },
  sort: { sortField: 'time', sortOrder: 'desc' },
  pageNum: 1,
  pageSize: 20,
}

function show(answer: SceneQueryAnswer | undefined, q: SceneQueryBody | null = query) {
  const onPage = vi.fn()
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ResultPanel query={q} answer={answer} isFetching={false} error={null} onPage={onPage} onSort={vi.fn()} />
    </QueryClientProvider>,
  )
  return { onPage }
}

describe('ResultPanel', () => {
  beforeEach(() => useResultStore.getState().clear())

  it('asks for a search before one ran', () => {
    show(undefined, null)
    expect(screen.getByTestId('result-not-run').textContent).toContain('点击“查询”')
  })

  it('lists scenes in Beijing time with the exact total and the page union area', () => {
    show({
      total: 2,
      totalExact: true,
      pageNum: 1,
      pageSize: 20,
      aoiAreaKm2: 16410.2,
      unionAreaKm2: 1234.56,
      list: [scene('A', '2020-03-01T18:30:00Z'), scene('B', '2020-03-01T02:00:00Z')],
    })
    expect(screen.getByTestId('result-total').textContent).toBe('共 2 景')
    expect(screen.getByTestId('result-union').textContent).toContain('本页影像覆盖面积：1,235 平方千米')
    const table = screen.getByTestId('result-table')
    // 18:30 UTC is 02:30 the next day in Beijing
    expect(within(table).getByText('2020-03-02 02:30')).toBeTruthy()
    expect(within(table).getAllByText('示意')).toHaveLength(2)
  })

  it('says 约 for an estimated total, and checks and hovers through the store', () => {
    show({
      total: 123456,
      totalExact: false,
      pageNum: 1,
      pageSize: 20,
      aoiAreaKm2: null,
      unionAreaKm2: 0,
      list: [scene('A', '2020-03-01T02:00:00Z')],
    })
    expect(screen.getByTestId('result-total').textContent).toBe('约 123,456 景')
    const row = document.querySelector('tr[data-row-key="A"]') as HTMLElement
    fireEvent.mouseEnter(row)
    expect(useResultStore.getState().hoveredId).toBe('A')
    fireEvent.click(within(row).getByRole('checkbox'))
    expect(useResultStore.getState().checkedIds).toEqual(['A'])
    expect(screen.getByTestId('result-checked').textContent).toBe('已选 1 景')
    fireEvent.click(within(row).getByText('PMS1'))
    expect(useResultStore.getState().activeId).toBe('A')
  })
})

import type { OrbitTle, Prediction, SatelliteCatalogueEntry } from '@rs/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { formatBeijing } from '../../../lib/time'
import { fireEvent, render, screen, waitFor } from '../../../test/render'
import { useOrbitStore } from '../state/orbit-store'
import { OrbitGlobeScreen } from './orbit-globe-screen'

// no WebGL in jsdom: a globe that never becomes ready, and no Cesium primitives
vi.mock('../../../globe/globe-view', () => ({ GlobeView: () => <div data-testid="globe-view" /> }))
vi.mock('../globe/orbit-scene', () => ({ createOrbitScene: () => ({ setSatellites() {}, setTime() {}, destroy() {} }) }))

const entry = (value: string, label: string): SatelliteCatalogueEntry => ({
  index: 1,
  label,
  value,
  checked: true,
  properties: 1,
  resolution: 2,
  type: 1,
})
const CATALOGUE = [
  entry('gf1', '高分一号卫星'),
  entry('gf2', '高分二号卫星'),
  entry('landsat', '陆地卫星（Landsat）'),
  entry('zy3', '资源三号卫星'),
]

const tle = (noradId: number, slug: string, satellite: string, line1: string, line2: string): OrbitTle => ({
  noradId,
  slug,
  satellite,
  line1,
  line2,
  epoch: '2026-06-13T20:46:23.000Z',
  ageDays: 10,
  isOld: false,
  swathKm: 45,
  archiveCode: null,
})
const ELEMENTS = [
  tle(
    39150,
    'gf1',
    'GF-1 01',
    '1 39150U 13018A   26164.87794749  .00000016  00000+0  96064-5 0  9991',
    '2 39150  97.9101 237.0128 0015727 278.3165  81.6262 14.76531261707751',
  ),
  tle(
    40118,
    'gf2',
    'GF-2',
    '1 40118U 14049A   26164.86553156  .00000442  00000+0  64107-4 0  9991',
    '2 40118  98.0116 229.0755 0006017 239.8995 120.1620 14.80894122638749',
  ),
]

/** A kept prediction whose window starts two days from now. */
function futurePrediction(): Prediction {
  const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 2 * 86_400_000)
  const end = new Date(start.getTime() + 3 * 86_400_000)
  return {
    id: 7,
    name: '北京',
    createdAt: new Date().toISOString(),
    query: {
      satellites: ['gf2'],
      start: start.toISOString(),
      end: end.toISOString(),
      area: { regionCode: '110000' },
      minSunElevationDeg: 10,
    },
    passes: [],
    notPredicted: [],
    filteredBySun: 0,
    elements: [],
    computeMs: 1,
  }
}

function show(prediction: Prediction | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(['satellite', 'catalogue'], CATALOGUE)
  client.setQueryData(['satorbit', 'tle'], ELEMENTS)
  if (prediction) client.setQueryData(['satorbit', 'prediction', prediction.id], prediction)
  render(
    <QueryClientProvider client={client}>
      <OrbitGlobeScreen />
    </QueryClientProvider>,
  )
}

beforeEach(() => {
  // nothing is fetched: every answer is in the query cache
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404 })),
  )
  useOrbitStore.getState().clear()
  useOrbitStore.getState().setParams({ satellites: ['gf2'] })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('OrbitGlobeScreen', { timeout: 20_000 }, () => {
  it("names the chosen series by the catalogue's names, never by a slug in parentheses", async () => {
    show(null)
    const select = screen.getByTestId('globe-satellites')
    await waitFor(() => expect(select.textContent).toContain('高分二号卫星'))
    expect(select.textContent).not.toMatch(/（[a-z0-9]+）/)
    expect(select.textContent).not.toContain('gf2')
    // the options: the series with elements, named as the catalogue names them
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select)
    const shown = () => Array.from(document.querySelectorAll('.ant-select-item-option'), (o) => o.textContent ?? '')
    await waitFor(() => expect(shown().length).toBeGreaterThan(0))
    const names = shown()
    expect(names).toEqual(expect.arrayContaining(['高分一号卫星', '高分二号卫星']))
    expect(names.join(' ')).not.toMatch(/（[a-z0-9]+）|GF-（/)
    // a series without elements (ZY-3 here) is not offered
    expect(names).not.toContain('资源三号卫星')
  })

  it("starts the clock and the slider at the prediction's start when now lies before its window", () => {
    const prediction = futurePrediction()
    useOrbitStore.getState().open(prediction.id)
    show(prediction)
    const start = Date.parse(prediction.query.start)
    expect(screen.getByTestId('globe-time').textContent).toContain(formatBeijing(start))
    expect(Number(screen.getByRole('slider').getAttribute('aria-valuenow'))).toBe(start)
    expect(Number(screen.getByRole('slider').getAttribute('aria-valuemin'))).toBe(start)
  })

  it('starts the clock at now when now lies in the window', () => {
    const before = Date.now()
    show(null)
    const value = Number(screen.getByRole('slider').getAttribute('aria-valuenow'))
    // the slider moves by whole minutes
    expect(value).toBeGreaterThanOrEqual(before - 60_000)
    expect(value).toBeLessThanOrEqual(Date.now() + 60_000)
  })
})

import { DEFAULT_MIN_SUN_ELEVATION_DEG } from '@rs/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '../../../test/render'
import { useOrbitStore } from '../state/orbit-store'
import { OrbitSelectPanel } from './orbit-select-panel'

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(['satellite', 'catalogue'], [])
  client.setQueryData(['satorbit', 'tle'], [])
  client.setQueryData(['satorbit', 'predictions'], [])
  render(
    <QueryClientProvider client={client}>
      <OrbitSelectPanel areaWidget={<div />} hasArea onStart={() => undefined} />
    </QueryClientProvider>,
  )
  const field = screen.getByTestId('orbit-min-sun')
  return (field instanceof HTMLInputElement ? field : field.querySelector('input')) as HTMLInputElement
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404 })),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('OrbitSelectPanel: the minimum sun elevation', { timeout: 20_000 }, () => {
  it('shows the default for optical and hyperspectral sensors and says why; another value or none can be set', () => {
    const input = show()
    expect(input.value).toBe(String(DEFAULT_MIN_SUN_ELEVATION_DEG))
    expect(useOrbitStore.getState().params.minSunElevationDeg).toBe(DEFAULT_MIN_SUN_ELEVATION_DEG)
    expect(screen.getByText('最低太阳高度角（°，光学与高光谱）')).toBeTruthy()
    expect(screen.getByText(/^默认10°：太阳更低时地面光照弱、阴影长/)).toBeTruthy()

    fireEvent.change(input, { target: { value: '25' } })
    expect(useOrbitStore.getState().params.minSunElevationDeg).toBe(25)
    fireEvent.change(input, { target: { value: '' } })
    expect(useOrbitStore.getState().params.minSunElevationDeg).toBeNull()
    expect(input.placeholder).toBe('不限')
  })
})

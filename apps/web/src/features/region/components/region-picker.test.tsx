import type { Region } from '@rs/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '../../../test/render'
import { RegionPicker } from './region-picker'

function region(code: string, name: string, level: Region['level'], parentRegionId: string | null): Region {
  return { code, name, fullName: name, level, parentRegionId, center: null, bbox: null, hasBoundary: true }
}

const CHILDREN: Record<string, Region[]> = {
  '100000': [region('420000', '湖北省', 'province', '100000'), region('150000', '内蒙古自治区', 'province', '100000')],
  '420000': [region('420100', '武汉市', 'city', '420000'), region('429004', '仙桃市', 'county', '420000')],
  '150000': [region('150100', '呼和浩特市', 'city', '150000')],
  '150100': [region('150102', '新城区', 'county', '150100')],
}

function renderPicker(value: string, parentsApi: Parameters<typeof RegionPicker>[0]['parentsApi']) {
  const onChange = vi.fn()
  const onCorrected = vi.fn()
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <RegionPicker value={value} onChange={onChange} onCorrected={onCorrected} parentsApi={parentsApi} />
    </QueryClientProvider>,
  )
  return { onChange, onCorrected }
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const code = new URL(url, 'http://x').searchParams.get('code') ?? ''
      return new Response(JSON.stringify({ code: 0, message: 'success', data: CHILDREN[code] ?? [] }), {
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

describe('RegionPicker', () => {
  it('loads the provinces from the API and offers 全国', async () => {
    renderPicker('100000', { parents: vi.fn(), detail: vi.fn() })
    expect(screen.getByTestId('region-country').textContent).toContain('全国')
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).includes('/api/region/children?code=100000'))).toBe(true),
    )
  })

  it('corrects the shown parents of a county set from outside (SPEC §4)', async () => {
    const parentsApi = {
      parents: vi.fn(async () => [region('420000', '湖北省', 'province', '100000'), region('429004', '仙桃市', 'county', '420000')]),
      detail: vi.fn(),
    }
    const { onCorrected, onChange } = renderPicker('429004', parentsApi)
    await waitFor(() => expect(onCorrected).toHaveBeenCalledWith({ province: '420000', county: '429004' }))
    expect(parentsApi.parents).toHaveBeenCalledWith('429004')
    expect(onChange).not.toHaveBeenCalled()
    // the city box now shows the county that hangs under the province, not a made-up 429000
    await waitFor(() => expect(screen.getByTestId('region-city').textContent).toContain('仙桃市'))
  })

  it('does not report a correction when the parents agree', async () => {
    const parentsApi = {
      parents: vi.fn(async () => [
        region('150000', '内蒙古自治区', 'province', '100000'),
        region('150100', '呼和浩特市', 'city', '150000'),
        region('150102', '新城区', 'county', '150100'),
      ]),
      detail: vi.fn(),
    }
    const { onCorrected } = renderPicker('150102', parentsApi)
    await waitFor(() => expect(parentsApi.parents).toHaveBeenCalled())
    await waitFor(() => expect(screen.getByTestId('region-county').textContent).toContain('新城区'))
    expect(onCorrected).not.toHaveBeenCalled()
  })
})

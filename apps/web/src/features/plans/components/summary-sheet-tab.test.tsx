import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { fakeNotifier } from '../../../test/notifier'
import { fireEvent, render, screen, waitFor, within } from '../../../test/render'
import { planYear } from '../test/fixtures'
import { SummarySheetTab } from './summary-sheet-tab'

const months = (v: number) => Array.from({ length: 12 }, (_, k) => (k < 4 ? 0 : v))
const SHEET = {
  year: 2040,
  state: 'published',
  rows: [
    {
      unitRegion: '150000',
      unitName: '内蒙古自治区',
      resolution: 'm2',
      months: months(840.62),
      items: 1,
      areaKm2: 840.62,
      budget: 120,
      overlapKm2: 12.5,
    },
  ],
  byResolution: [{ resolution: 'm2', months: months(840.62), items: 1, areaKm2: 840.62, budget: 120, overlapKm2: 12.5 }],
  total: { months: months(840.62), items: 1, areaKm2: 840.62, budget: 120, overlapKm2: 12.5 },
}

describe('SummarySheetTab', { timeout: 30_000 }, () => {
  const notifier = fakeNotifier()

  it('shows the units × resolution types, the sums and the total, and downloads the server’s Excel file with the token', async () => {
    localStorage.setItem('token', 'T0KEN')
    const urls: string[] = []
    const headers: Array<Record<string, string>> = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        urls.push(String(input))
        headers.push((init?.headers ?? {}) as Record<string, string>)
        if (String(input).startsWith('/api/plan-collaborative/summary/export'))
          return new Response('xlsx', {
            headers: {
              'content-disposition': `attachment; filename="plan-summary.xlsx"; filename*=UTF-8''${encodeURIComponent('汇总表-2040.xlsx')}`,
            },
          })
        return new Response(JSON.stringify({ code: 0, message: 'success', data: SHEET }))
      }),
    )
    const saved: string[] = []
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }))
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SummarySheetTab years={[planYear({ state: 'published' })]} />
      </QueryClientProvider>,
    )
    const total = await screen.findByTestId('summary-total')
    expect(total.textContent).toContain('合计')
    expect(total.textContent).toContain('840.62')
    expect(within(screen.getByTestId('summary-byResolution')).getByText('按分辨率类型')).toBeTruthy()
    expect(screen.getByTestId('summary-unit').textContent).toContain('内蒙古自治区')
    expect(urls[0]).toBe('/api/plan-collaborative/summary?year=2040&state=published')

    fireEvent.click(screen.getByTestId('summary-export'))
    await waitFor(() => expect(saved).toEqual(['汇总表-2040.xlsx']))
    expect(urls.at(-1)).toBe('/api/plan-collaborative/summary/export?year=2040&state=published')
    expect(headers.at(-1)?.token).toBe('T0KEN')
    expect(notifier.error).not.toHaveBeenCalled()
    click.mockRestore()
    localStorage.removeItem('token')
  })
})

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { fakeNotifier } from '../../../test/notifier'
import { fireEvent, render, screen, waitFor, within } from '../../../test/render'
import { fakeApi, planDetail, planItem, testSlots } from '../test/fixtures'
import { monthsOf, PlanItemDrawer } from './plan-item-drawer'

vi.mock('../../../map/map-view', () => ({
  // a map whose draw ends with a square when its button is pressed
  default: ({ onDrawEnd }: { onDrawEnd?: (g: unknown) => void }) => (
    <button
      type="button"
      data-testid="map-draw-end"
      onClick={() =>
        onDrawEnd?.({
          type: 'Polygon',
          coordinates: [
            [
              [111.7, 40.8],
              [111.8, 40.8],
              [111.8, 40.9],
              [111.7, 40.8],
            ],
          ],
        })
      }
    />
  ),
}))

const CHECK = {
  areaKm2: 561.45,
  outsideKm2: 3.2,
  held: { purchaseYear: 2039, archiveKm2: 200, localKm2: 40.5, heldKm2: 240.5, percent: 42.8 },
  overlaps: [
    { itemId: 9, itemName: '呼和浩特中心城区', unitRegion: '150100', unitName: '呼和浩特市', planState: 'submitted', areaKm2: 280.89 },
  ],
}

function show(item = null as ReturnType<typeof planItem> | null, onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <PlanItemDrawer plan={planDetail()} item={item} open onClose={onClose} slots={testSlots} tiandituKey="" />
    </QueryClientProvider>,
  )
  return onClose
}

describe('PlanItemDrawer', { timeout: 30_000 }, () => {
  const notifier = fakeNotifier()

  it('writes the months field as the contract does', () => {
    expect(monthsOf({ monthsMode: 'all', months: [3] })).toBe('qb')
    expect(monthsOf({ monthsMode: 'pick', months: [5, 3, 4] })).toBe('3,4,5')
    expect(monthsOf({ monthsMode: 'pick', months: [] })).toBeNull()
  })

  it('checks typed coordinates at once: area, outside the unit, what is held and who else plans the area', async () => {
    const api = fakeApi({ 'POST /api/plan-collaborative/check': CHECK })
    vi.stubGlobal('fetch', api.fetchMock)
    show()
    expect((await screen.findByTestId('plan-check')).textContent).toContain('选定区域和分辨率后')
    fireEvent.click(within(screen.getByTestId('plan-area-mode')).getByText('绘制多边形'))
    fireEvent.change(screen.getByTestId('plan-area-coordinates'), { target: { value: '111.6,40.8\n111.9,40.8\nx' } })
    fireEvent.click(screen.getByTestId('plan-area-use-coordinates'))
    expect((await screen.findByTestId('plan-area-typed-error')).textContent).toContain('第 3 行')
    fireEvent.change(screen.getByTestId('plan-area-coordinates'), { target: { value: '111.6,40.8\n111.9,40.8\n111.9,41' } })
    fireEvent.click(screen.getByTestId('plan-area-use-coordinates'))
    await waitFor(() =>
      expect(screen.getByTestId('check-held').textContent).toContain('2039 年已有覆盖 42.8%（档案 200 km²，本地数据 40.5 km²）'),
    )
    expect(screen.getByTestId('check-area').textContent).toContain('561.45')
    expect(screen.getByTestId('check-outside').textContent).toContain('有 3.2 km² 超出本单位的权限范围')
    expect(screen.getByTestId('check-overlaps').textContent).toContain('呼和浩特市“呼和浩特中心城区” 280.89 km²')
    const [check] = api.callsTo('POST /api/plan-collaborative/check')
    expect(check?.body).toEqual({
      year: 2040,
      unitRegion: '150000',
      area: {
        mode: 'draw',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [111.6, 40.8],
              [111.9, 40.8],
              [111.9, 41],
              [111.6, 40.8],
            ],
          ],
        },
      },
      resolution: 'sub1',
      months: 'qb',
    })
  })

  it('shows the server’s refusal of the check in its words', async () => {
    const api = fakeApi({
      'POST /api/plan-collaborative/check': () => {
        throw [422, '多边形自相交（111.70000, 40.85000），请修改后再提交']
      },
    })
    vi.stubGlobal('fetch', api.fetchMock)
    show()
    fireEvent.click(within(screen.getByTestId('plan-area-mode')).getByText('绘制多边形'))
    fireEvent.click(screen.getByTestId('fake-draw'))
    fireEvent.click(screen.getByTestId('map-draw-end'))
    expect((await screen.findByTestId('plan-check-error')).textContent).toContain('多边形自相交')
    // the drawn ring is also written as typed coordinates
    expect((screen.getByTestId('plan-area-coordinates') as HTMLTextAreaElement).value).toBe('111.7,40.8\n111.8,40.8\n111.8,40.9')
  })

  it('saves regions added by the picker with the chosen months; a refusal is shown as it comes', async () => {
    let refuse = true
    const api = fakeApi({
      'POST /api/plan-collaborative/check': CHECK,
      'POST /api/plan-collaborative/items/save': () => {
        if (refuse) {
          refuse = false
          throw [400, '150102 不在本单位（内蒙古自治区）范围内']
        }
        return planDetail({ list: [planItem(1), planItem(2, { name: '新城区' })] })
      },
    })
    vi.stubGlobal('fetch', api.fetchMock)
    const onClose = show()
    const picker = await screen.findByTestId('fake-picker')
    expect(picker.dataset.within).toBe('150000')
    fireEvent.change(picker, { target: { value: '150102' } })
    fireEvent.click(screen.getByTestId('plan-area-add'))
    fireEvent.change(picker, { target: { value: '150103' } })
    fireEvent.click(screen.getByTestId('plan-area-add'))
    expect(screen.getByTestId('plan-area-regions').textContent).toContain('name-150102name-150103')
    fireEvent.change(screen.getByTestId('plan-item-name'), { target: { value: '新城区' } })
    fireEvent.change(screen.getByTestId('plan-item-budget'), { target: { value: '88.5' } })
    fireEvent.click(within(screen.getByTestId('plan-item-months-mode')).getByText('按月份'))
    const months = await screen.findByTestId('plan-item-months')
    // antd's group takes a click once its boxes have registered (an effect after the first render); a person is never that quick
    const check = async (label: string) => {
      const box = () => within(months).getByText(label).closest('label') as HTMLElement
      await waitFor(() => {
        if (!box().className.includes('checked')) fireEvent.click(box())
        expect(box().className).toContain('checked')
      })
    }
    await check('5月')
    await check('3月')
    // the owner unit is the last item's
    expect((screen.getByTestId('plan-item-owner') as HTMLInputElement).value).toBe('内蒙古自治区自然资源厅')
    fireEvent.click(screen.getByTestId('plan-item-save'))
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith('150102 不在本单位（内蒙古自治区）范围内'))
    expect(onClose).not.toHaveBeenCalled()
    fireEvent.click(screen.getByTestId('plan-item-save'))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(api.callsTo('POST /api/plan-collaborative/items/save')[1]?.body).toEqual({
      planId: 7,
      name: '新城区',
      area: { mode: 'region', regionCodes: ['150102', '150103'] },
      resolution: 'sub1',
      months: '3,5',
      cjlx: 'sc',
      purpose: '',
      ownerUnit: '内蒙古自治区自然资源厅',
      budget: 88.5,
    })
    expect(notifier.success).toHaveBeenCalledWith('已保存“新城区”')
  })

  it('edits a returned item from what it holds, an uploaded area kept as its shape', async () => {
    vi.stubGlobal('fetch', fakeApi({ 'POST /api/plan-collaborative/check': CHECK }).fetchMock)
    show(planItem(3, { areaSource: 'shp', regionCodes: [], regionNames: [], state: 'returned', months: '4,5' }))
    expect((await screen.findByTestId('plan-area-drawn')).textContent).toBe('沿用原区域（上传文件）')
    expect((screen.getByTestId('plan-item-name') as HTMLInputElement).value).toBe('条目3')
    expect(within(screen.getByTestId('plan-item-months')).getByText('4月').closest('label')?.className).toContain('checked')
  })
})

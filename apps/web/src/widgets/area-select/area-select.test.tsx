import type { AoiUpload, Region, SceneArea } from '@rs/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SELECT_MODE, useSelectStore } from '../../features/aoi/state/select-store'
import { fireEvent, render, screen, waitFor, within } from '../../test/render'
import { type AreaSelectOptions, AreaSelectPanel, SHAPE_MODES, useAreaSelect } from '.'
import { extentOf } from './typed-extent'

function region(code: string, name: string, level: Region['level'], parentRegionId: string | null): Region {
  return { code, name, fullName: name, level, parentRegionId, center: null, bbox: null, hasBoundary: true }
}

const HUBEI = region('420000', '湖北省', 'province', '100000')
const UPLOAD: AoiUpload = {
  uploadId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  name: '武汉边界.zip',
  featureCount: 1,
  vertexCount: 5,
  areaKm2: 120,
  bbox: [114, 30, 114.5, 30.5],
  geojson: {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [114, 30],
          [114.5, 30],
          [114.5, 30.5],
          [114, 30.5],
          [114, 30],
        ],
      ],
    ],
  },
  notices: [],
  createdAt: '2024-05-01T00:00:00Z',
}

/** The fake API: region children and details, and the stored upload. */
function answer(url: string): unknown {
  const u = new URL(url, 'http://x')
  if (u.pathname === '/api/region/children') return u.searchParams.get('code') === '100000' ? [HUBEI] : []
  if (u.pathname === '/api/region/detail') return HUBEI
  if (u.pathname === '/api/region/parents') return [HUBEI]
  if (u.pathname === '/api/aoi/detail') return UPLOAD
  throw new Error(`unexpected call ${url}`)
}

/** A caller of the widget: it shows the area the widget hands it. */
function Caller(options: AreaSelectOptions) {
  const selection = useAreaSelect(options)
  return (
    <>
      <AreaSelectPanel selection={selection} />
      <output data-testid="chosen">{selection.isReady ? JSON.stringify(selection.sceneArea) : 'waiting'}</output>
    </>
  )
}

function renderCaller(options: AreaSelectOptions = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <Caller {...options} />
    </QueryClientProvider>,
  )
}

const chosen = () => screen.getByTestId('chosen').textContent
const pickMode = (label: string) => fireEvent.click(within(screen.getByTestId('select-mode')).getByText(label))

beforeEach(() => {
  useSelectStore.getState().reset()
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      Response.json({ code: 0, message: 'success', data: answer(url) }, { headers: { 'content-type': 'application/json' } }),
    ),
  )
})
afterEach(() => vi.unstubAllGlobals())

describe('the area-select widget', () => {
  it('starts with the whole country and hands a chosen province to its caller', async () => {
    renderCaller()
    expect(JSON.parse(chosen() ?? '')).toEqual({ mode: 'region', regionCode: '100000' })
    expect(screen.getByTestId('selected-area').textContent).toContain('全国')
    fireEvent.mouseDown(within(screen.getByTestId('region-province')).getByRole('combobox'))
    fireEvent.click(await screen.findByTitle('湖北省'))
    await waitFor(() => expect(JSON.parse(chosen() ?? '')).toEqual({ mode: 'region', regionCode: '420000' }))
    // the selected area is named from the region API
    await waitFor(() => expect(screen.getByTestId('selected-area').textContent).toContain('湖北省'))
  })

  it('switches the input with the mode; a mode without an area yet hands over none', async () => {
    renderCaller()
    pickMode('视图范围')
    expect(within(screen.getByTestId('select-panel')).getByTestId('use-extent')).toBeTruthy()
    expect(chosen()).toBe('null')
    expect(screen.getByTestId('selected-area').textContent).toContain('尚未选择范围')
    pickMode('绘制')
    expect(screen.getByTestId('select-panel').textContent).toContain('双击结束')
    expect(screen.queryByTestId('use-extent')).toBeNull()
    pickMode('文件清单')
    expect(within(screen.getByTestId('select-panel')).getByTestId('file-list-upload')).toBeTruthy()
    pickMode('矢量文件')
    expect(screen.queryByTestId('file-list-upload')).toBeNull()
    expect(useSelectStore.getState().selectMode).toBe(SELECT_MODE.SHP)
  })

  it('offers only the modes it is given and leaves a mode it does not offer', async () => {
    useSelectStore.getState().setSelectMode(SELECT_MODE.FILE)
    renderCaller({ modes: SHAPE_MODES })
    expect(within(screen.getByTestId('select-mode')).queryByText('文件清单')).toBeNull()
    await waitFor(() => expect(useSelectStore.getState().selectMode).toBe(SELECT_MODE.REGION))
    expect(JSON.parse(chosen() ?? '')).toEqual({ mode: 'region', regionCode: '100000' })
  })

  it('takes the initial extent of the address and shows it', async () => {
    const extent: SceneArea = { mode: 'extent', bbox: [110, 30, 112.5, 31] }
    renderCaller({ initialArea: extent })
    await waitFor(() => expect(JSON.parse(chosen() ?? '')).toEqual(extent))
    expect(screen.getByTestId('extent-value').textContent).toContain('110.0000 ~ 112.5000')
  })

  it('takes an extent typed in degrees, and refuses one that is not an extent', async () => {
    renderCaller()
    pickMode('视图范围')
    const type = (name: string, value: string) => fireEvent.change(screen.getByLabelText(name), { target: { value } })
    type('西边经度', '110')
    type('南边纬度', '30')
    type('东边经度', '109')
    type('北边纬度', '31')
    fireEvent.click(screen.getByTestId('typed-extent-apply'))
    expect(await screen.findByTestId('typed-extent-invalid')).toBeTruthy()
    expect(chosen()).toBe('null')
    type('东边经度', '112.5')
    fireEvent.click(screen.getByTestId('typed-extent-apply'))
    await waitFor(() => expect(JSON.parse(chosen() ?? '')).toEqual({ mode: 'extent', bbox: [110, 30, 112.5, 31] }))
    expect(screen.queryByTestId('typed-extent-invalid')).toBeNull()
    expect(screen.getByTestId('extent-value').textContent).toContain('110.0000 ~ 112.5000')
  })

  it('waits for an initial upload to be fetched before handing it over', async () => {
    renderCaller({ initialArea: { mode: 'shp', uploadId: UPLOAD.uploadId } })
    expect(chosen()).toBe('waiting')
    await waitFor(() => expect(JSON.parse(chosen() ?? '')).toEqual({ mode: 'shp', uploadId: UPLOAD.uploadId }))
    expect(screen.getByTestId('selected-area').textContent).toContain('武汉边界.zip')
  })
})

describe('an extent typed in degrees', () => {
  it('is four finite numbers within longitude and latitude, each minimum below its maximum', () => {
    expect(extentOf([110, 30, 112.5, 31])).toEqual([110, 30, 112.5, 31])
    expect(extentOf([-180, -90, 180, 90])).toEqual([-180, -90, 180, 90])
    expect(extentOf([110, 30, 110, 31])).toBeNull()
    expect(extentOf([110, 31, 112, 30])).toBeNull()
    expect(extentOf([-181, 30, 112, 31])).toBeNull()
    expect(extentOf([110, 30, 112, 91])).toBeNull()
    expect(extentOf([110, null, 112, 31])).toBeNull()
    expect(extentOf([110, Number.NaN, 112, 31])).toBeNull()
    expect(extentOf([110, 30, 112])).toBeNull()
  })
})

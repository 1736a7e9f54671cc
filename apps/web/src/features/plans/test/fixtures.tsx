import type { PlanDetail, PlanItem, PlanYear } from '@rs/shared'
import { vi } from 'vitest'
import type { PlanSlots } from '../components/plan-slots'

/** Fixtures of the plan screens' component tests: a year, an item, a plan, a fake API and slots. */

export const SQUARE = {
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [111.6, 40.8],
        [111.9, 40.8],
        [111.9, 41],
        [111.6, 40.8],
      ],
    ],
  ],
}

export const planYear = (extra: Partial<PlanYear> = {}): PlanYear => ({
  year: 2040,
  state: 'open',
  deadline: '2040-03-31',
  purchaseYear: 2039,
  requested: '请填报优于 2 米影像需求',
  resolutionTypes: ['sub1', 'm2'],
  takesFilling: true,
  demo: false,
  plans: 1,
  publishedAt: null,
  ...extra,
})

export const planItem = (id: number, extra: Partial<PlanItem> = {}): PlanItem => ({
  id,
  seq: id,
  name: `条目${id}`,
  areaSource: 'region',
  regionCodes: ['150102'],
  regionNames: ['新城区'],
  areaKm2: 700.5,
  resolution: 'm2',
  months: '5,6',
  cjlx: 'sc',
  purpose: '国土变更调查',
  ownerUnit: '内蒙古自治区自然资源厅',
  budget: 120.5,
  state: 'pending',
  returnReason: null,
  overlapKm2: 0,
  held: { purchaseYear: 2039, archiveKm2: 100, localKm2: 0, heldKm2: 100, percent: 14.3 },
  overlaps: [],
  geometry: SQUARE,
  ...extra,
})

export const planDetail = (extra: Partial<PlanDetail> = {}): PlanDetail => ({
  id: 7,
  year: 2040,
  unitRegion: '150000',
  unitName: '内蒙古自治区',
  unitType: 'province',
  revision: 1,
  live: true,
  state: 'draft',
  demo: false,
  items: 1,
  areaKm2: 700.5,
  budget: 120.5,
  itemStates: { pending: 1, accepted: 0, returned: 0 },
  createdBy: 'neimenggu',
  submittedBy: null,
  submittedAt: null,
  reviewedBy: null,
  publishedAt: null,
  updatedAt: '2040-01-02T02:00:00.000Z',
  yearInfo: planYear(),
  list: [planItem(1)],
  editable: true,
  events: ['submit'],
  history: [{ id: 7, revision: 1, state: 'draft' }],
  ...extra,
})

const envelope = (data: unknown, status = 200, message = 'success') =>
  new Response(JSON.stringify({ code: status === 200 ? 0 : status, message, data }), { status })

export interface FakeCall {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
}

/** A fake fetch answering by path ('GET /api/…'); a function answer may look at the call; a thrown [status, message] is a refusal. */
export function fakeApi(routes: Record<string, unknown | ((call: FakeCall) => unknown)>) {
  const calls: FakeCall[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://x')
    const call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }
    calls.push(call)
    const route = routes[`${call.method} ${call.path}`]
    if (route === undefined) return envelope(null, 404, 'not found')
    try {
      return envelope(typeof route === 'function' ? (route as (c: FakeCall) => unknown)(call) : route)
    } catch (refusal) {
      const [status, message] = refusal as [number, string]
      return envelope(null, status, message)
    }
  })
  return { fetchMock, calls, callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) }
}

/** Slots that render plain controls: a picker as a text box, names as `name-<code>`, no upload, a draw button. */
export const testSlots: PlanSlots = {
  regionPicker: ({ value, onChange, within }) => (
    <input aria-label="region" data-within={within} value={value} onChange={(e) => onChange(e.target.value)} data-testid="fake-picker" />
  ),
  regionName: (code) => <span>{`name-${code}`}</span>,
  areaUpload: () => <span data-testid="fake-upload" />,
  drawToolbar: ({ onChoose }) => (
    <button type="button" onClick={() => onChoose('polygon')} data-testid="fake-draw">
      draw
    </button>
  ),
}

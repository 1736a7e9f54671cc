import { createHash } from 'node:crypto'
import type { PlanAcquisitionType, PlanItemState, PlanState, PlanYearState } from '@rs/shared'
import { hash32, rng } from '../scene-archive/random'

/**
 * The demo procurement plans (示意, issue 24): plan years with plans of several provinces, cities
 * and a county, their items generated from seeded randomness inside the units' real boundaries
 * (a turned rectangle about a county's centre, clipped to the unit by the loader, or a whole
 * county), so that a province's items and its cities' cross (overlaps to analyse) and some lie
 * where the demo archive holds imagery (May–June 2026, for the open year 2027). Every state of the
 * workflow appears once or more. The same settings give the same plans.
 */

export interface DemoUnit {
  code: string
  /** counties under the unit with a boundary: code, name and a point inside */
  counties: Array<{ code: string; name: string; lon: number; lat: number }>
}

export interface DemoItem {
  seq: number
  name: string
  /** a whole county, or a turned rectangle (WKT, to be clipped to the unit) */
  area: { kind: 'region'; code: string } | { kind: 'shape'; wkt: string }
  resolution: 'sub1' | 'm2' | 'm5' | 'm16'
  months: number[]
  cjlx: PlanAcquisitionType
  purpose: string
  ownerUnit: string
  /** 万元 per km² of the item, times its area when loaded */
  budgetRate: number
  state: PlanItemState
  returnReason: string | null
}

export interface DemoPlan {
  year: number
  unitRegion: string
  revision: number
  live: boolean
  state: PlanState
  items: DemoItem[]
}

export interface DemoYear {
  year: number
  state: PlanYearState
  deadline: string
  purchaseYear: number
  requested: string
}

/** The years and who plans what in each: the unit and the state of its plan. */
export const PLAN_DEMO_SETTINGS = {
  seed: 20261206,
  years: [
    { year: 2024, state: 'published', deadline: '2024-03-31', purchaseYear: 2023, requested: '2024 年度卫星遥感影像统筹需求征集（示意）' },
    { year: 2025, state: 'published', deadline: '2025-03-31', purchaseYear: 2024, requested: '2025 年度卫星遥感影像统筹需求征集（示意）' },
    {
      year: 2027,
      state: 'open',
      deadline: '2027-06-30',
      purchaseYear: 2026,
      requested: '2027 年度优于 2 米影像需求征集，请于截止日期前提交（示意）',
    },
  ] as DemoYear[],
  plans: [
    // 2024: a smaller published year, for the comparison of two years
    ...(['130000', '320000', '370000', '440000', '510000', '620000'] as const).map((unit) => ({
      year: 2024,
      unit,
      state: 'published' as PlanState,
    })),
    ...(['150100', '320100'] as const).map((unit) => ({ year: 2024, unit, state: 'published' as PlanState })),
    // 2025: published, one unit with a published revision that replaced the first
    ...(
      ['110000', '130000', '150000', '320000', '370000', '410000', '420000', '440000', '510000', '530000', '620000', '650000'] as const
    ).map((unit) => ({ year: 2025, unit, state: 'published' as PlanState })),
    ...(['150100', '130100', '320100', '440300', '510100', '110108'] as const).map((unit) => ({
      year: 2025,
      unit,
      state: 'published' as PlanState,
    })),
    { year: 2025, unit: '370000', state: 'published' as PlanState, revision: 2 },
    // 2027: open; every state of the workflow, none for 内蒙古 itself (the demo province user fills it)
    { year: 2027, unit: '150100', state: 'submitted' as PlanState },
    { year: 2027, unit: '150200', state: 'draft' as PlanState },
    { year: 2027, unit: '130000', state: 'draft' as PlanState },
    { year: 2027, unit: '370000', state: 'returned' as PlanState },
    { year: 2027, unit: '510000', state: 'accepted' as PlanState },
    { year: 2027, unit: '320000', state: 'submitted' as PlanState },
    { year: 2027, unit: '320100', state: 'accepted' as PlanState },
  ] as Array<{ year: number; unit: string; state: PlanState; revision?: number }>,
  /** items of a province, a city, a county */
  items: { province: [6, 10], city: [3, 5], county: [2, 3] } as Record<'province' | 'city' | 'county', [number, number]>,
} as const

export type PlanDemoSettings = typeof PLAN_DEMO_SETTINGS

const PURPOSES = [
  '国土变更调查',
  '耕地保护监测',
  '地理国情监测',
  '自然保护地监测',
  '矿产资源开发监管',
  '国土空间规划实施评估',
  '防灾减灾',
  '生态修复评估',
]
const RESOLUTIONS: Array<[DemoItem['resolution'], number]> = [
  ['sub1', 0.3],
  ['m2', 0.4],
  ['m5', 0.2],
  ['m16', 0.1],
]
/** 万元 per km², by resolution type (示意) */
const RATES: Record<DemoItem['resolution'], number> = { sub1: 0.03, m2: 0.008, m5: 0.003, m16: 0.0008 }
const SEASONS = [[], [3, 4, 5], [6, 7, 8], [9, 10, 11], [4, 5, 6, 7, 8, 9, 10], [5, 6]]
const RETURN_REASONS = [
  '范围与下级单位规划重叠，请协调后调整',
  '已有同期存档影像覆盖，请说明新增采集的必要性',
  '预算测算依据不足，请补充说明',
]

function levelOf(code: string): 'province' | 'city' | 'county' {
  return code.endsWith('0000') ? 'province' : code.endsWith('00') ? 'city' : 'county'
}

function pick<T>(random: () => number, weighted: Array<[T, number]>): T {
  let r = random() * weighted.reduce((a, [, w]) => a + w, 0)
  for (const [value, w] of weighted) {
    r -= w
    if (r <= 0) return value
  }
  return (weighted[weighted.length - 1] as [T, number])[0]
}

/** A rectangle of half-sizes (degrees) turned about its centre, as WKT. */
function turnedRectangle(lon: number, lat: number, halfW: number, halfH: number, turn: number): string {
  const t = (turn * Math.PI) / 180
  const corner = (dx: number, dy: number) =>
    `${(lon + dx * Math.cos(t) - dy * Math.sin(t)).toFixed(5)} ${(lat + dx * Math.sin(t) + dy * Math.cos(t)).toFixed(5)}`
  const ring = [corner(-halfW, -halfH), corner(halfW, -halfH), corner(halfW, halfH), corner(-halfW, halfH)]
  return `POLYGON((${[...ring, ring[0]].join(', ')}))`
}

/** Half-sizes (degrees) of a unit level's shapes. */
const SIZES: Record<'province' | 'city' | 'county', [number, number]> = { province: [0.15, 0.45], city: [0.06, 0.18], county: [0.02, 0.05] }

export function planDemoVersion(settings: PlanDemoSettings, inputs: string): string {
  return createHash('sha256').update(JSON.stringify(settings)).update(inputs).update('plan-demo/v1').digest('hex').slice(0, 16)
}

/**
 * The plans of the settings for the given units (those without counties are skipped). `names`
 * gives each unit's name for the owner units. A province whose city is a unit of the same year
 * puts two of its items about that city's counties, so they overlap.
 */
export function generatePlans(
  settings: PlanDemoSettings,
  units: ReadonlyMap<string, DemoUnit>,
  names: ReadonlyMap<string, string>,
): DemoPlan[] {
  const plans: DemoPlan[] = []
  for (const p of settings.plans) {
    const unit = units.get(p.unit)
    if (!unit || unit.counties.length === 0) continue
    const revision = p.revision ?? 1
    const random = rng(hash32(`${p.year}/${p.unit}/${revision}`, settings.seed))
    const level = levelOf(p.unit)
    const [min, max] = settings.items[level]
    const count = min + Math.floor(random() * (max - min + 1))
    // the cities of this province planning the same year: the province's first two items go about them
    const cityCounties = settings.plans
      .filter((o) => o.year === p.year && o.unit !== p.unit && level === 'province' && o.unit.slice(0, 2) === p.unit.slice(0, 2))
      .flatMap((o) => units.get(o.unit)?.counties ?? [])
    const unitName = names.get(p.unit) ?? p.unit
    const owner = level === 'province' ? `${unitName}自然资源厅` : `${unitName}自然资源和规划局`
    const items: DemoItem[] = []
    for (let k = 0; k < count; k++) {
      const pool = k < 2 && cityCounties.length > 0 ? cityCounties : unit.counties
      const county = pool[Math.floor(random() * pool.length)] as DemoUnit['counties'][number]
      const purpose = PURPOSES[Math.floor(random() * PURPOSES.length)] as string
      const resolution = pick(random, RESOLUTIONS)
      const whole = level !== 'county' && random() < 0.25
      const [lo, hi] = SIZES[level]
      const half = lo + random() * (hi - lo)
      const area: DemoItem['area'] = whole
        ? { kind: 'region', code: county.code }
        : { kind: 'shape', wkt: turnedRectangle(county.lon, county.lat, half, half * (0.5 + random() * 0.5), random() * 90) }
      const season = SEASONS[Math.floor(random() * SEASONS.length)] as number[]
      // the open year's items ask for May and June most often: the months the demo archive holds
      const months = p.year === 2027 && random() < 0.6 ? [5, 6] : season.length === 0 ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] : season
      let state: PlanItemState = ['published', 'accepted', 'superseded'].includes(p.state) ? 'accepted' : 'pending'
      let returnReason: string | null = null
      if (p.state === 'returned') {
        state = k === 0 ? 'returned' : 'accepted'
        returnReason = k === 0 ? (RETURN_REASONS[Math.floor(random() * RETURN_REASONS.length)] as string) : null
      }
      items.push({
        seq: k + 1,
        name: `${county.name}${purpose}影像`,
        area,
        resolution,
        months,
        cjlx: resolution === 'sub1' && random() < 0.4 ? 'hk' : random() < 0.55 ? 'sc' : 'cg',
        purpose: `${purpose}（示意）`,
        ownerUnit: owner,
        budgetRate: RATES[resolution] * (0.8 + random() * 0.4),
        state,
        returnReason,
      })
    }
    plans.push({ year: p.year, unitRegion: p.unit, revision, live: true, state: p.state, items })
  }
  // a unit with a later revision: the earlier one is superseded and no longer live
  for (const plan of plans) {
    const later = plans.find((o) => o.year === plan.year && o.unitRegion === plan.unitRegion && o.revision > plan.revision)
    if (later) {
      plan.live = false
      plan.state = 'superseded'
    }
  }
  return plans
}

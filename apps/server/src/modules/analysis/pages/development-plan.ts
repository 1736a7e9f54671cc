/** The analysis page 发展规划: the planned missions by country, category and period, with their sources. */
import type { AnalysisPage, AnalysisReference } from '@rs/shared'
import { isProgrammeLevel } from '../../../datasets/world-satellites/classify'
import { currentLocale } from '../../../lib/locale'
import type { PlannedMissionRow } from '../analysis.repository'
import { AS_OF, type Data, LAST_YEAR } from '../analysis-data'
import { categoryLabel, column, countryLabel, percent, periodLabel, satellitesUnit, t, yearRows } from '../figure-table'

/**
 * A plan row's texts in the current language: the Chinese written for the portal, or the file's own
 * English (without the maintainers' remark that the source gives no name) and the source named in English.
 */
function planTexts(p: PlannedMissionRow) {
  if (currentLocale() === 'en-US')
    return {
      name: p.name.replace(/\s*\(unnamed in source\)$/, ''),
      plannedYear: p.planned_year,
      publisher: p.source_publisher_en,
      title: p.source_title_en,
    }
  return { name: p.name_zh, plannedYear: p.planned_year_zh, publisher: p.source_publisher, title: p.source_title }
}

/** The pages the plan rows come from, named, each once in file order with the first date given for it. */
function planReferences(plans: PlannedMissionRow[]): AnalysisReference[] {
  const byUrl = new Map<string, AnalysisReference>()
  for (const p of plans) {
    const known = byUrl.get(p.source)
    if (known && (known.date || !p.source_date)) continue
    const { publisher, title } = planTexts(p)
    byUrl.set(p.source, {
      publisher,
      title,
      url: p.source,
      ...(p.source_date ? { date: p.source_date } : {}),
    })
  }
  return [...byUrl.values()]
}

export function developmentPlan(d: Data): AnalysisPage {
  const entries = d.plans.length
  const satellites = d.plans.reduce((n, p) => n + p.satellites, 0)
  const programme = d.plans.filter((p) => isProgrammeLevel(p.name))
  const periods = new Map<string, { entries: number; satellites: number }>()
  const categories = new Map<string, { entries: number; satellites: number }>()
  for (const p of d.plans) {
    for (const [map, key] of [
      [periods, p.period_key],
      [categories, p.portal_category],
    ] as const) {
      const entry = map.get(key) ?? { entries: 0, satellites: 0 }
      entry.entries++
      entry.satellites += p.satellites
      map.set(key, entry)
    }
  }
  const categoryRows = [...categories].sort((a, b) => b[1].entries - a[1].entries)
  const [topCategory] = categoryRows
  const chinaYears = d.china.map((s) => s.launch_year).filter((y): y is number => y !== null)
  const trend = yearRows(d.china, Math.min(...chinaYears), LAST_YEAR, ['count', 'imaging'], () => 'count')
  for (const s of d.china) {
    const row = trend.find((r) => r.year === String(s.launch_year))
    if (row && s.remote_sensing) row.imaging = (row.imaging as number) + 1
  }
  const peak = trend.reduce((best, r) => ((r.count as number) > (best.count as number) ? r : best))
  const recentFrom = LAST_YEAR - 3
  const recentTo = LAST_YEAR - 1
  const chinaRecent = d.china.filter((s) => s.launch_year !== null && s.launch_year >= recentFrom && s.launch_year <= recentTo).length
  const lastFull = trend.find((r) => r.year === String(recentTo))
  const references = planReferences(d.plans)
  return {
    page: 'development-plan',
    title: t('pages.development-plan'),
    summary: [
      t('summary.plan.entries', {
        entries,
        satellites,
        programme: programme.length,
        programmeSatellites: programme.reduce((n, p) => n + p.satellites, 0),
      }),
      t('summary.plan.categories', {
        topCategory: categoryLabel(topCategory?.[0] ?? 'other'),
        topEntries: topCategory?.[1].entries ?? 0,
        rest: entries - (topCategory?.[1].entries ?? 0),
      }),
      t('summary.plan.trend', {
        china: d.china.length,
        from: recentFrom,
        to: recentTo,
        recent: chinaRecent,
        recentShare: percent(chinaRecent, d.china.length),
        peakYear: peak.year as string,
        peakCount: peak.count as number,
      }),
      t('summary.plan.partial'),
    ],
    highlights: [
      { label: t('highlights.plannedEntries'), value: entries, unit: t('units.entries') },
      { label: t('highlights.plannedSatellites'), value: satellites, unit: satellitesUnit() },
      { label: t('highlights.china'), value: d.china.length, unit: satellitesUnit() },
      { label: t('highlights.chinaLastYear', { year: recentTo }), value: (lastFull?.count as number) ?? 0, unit: satellitesUnit() },
    ],
    source: t('sourceWithPlans', { ucs: t('source'), sources: [...new Set(references.map((r) => r.publisher))].join(t('listSeparator')) }),
    references,
    asOf: AS_OF,
    figures: [
      {
        key: 'plannedMissions',
        title: t('figures.plannedMissions'),
        chart: 'bar',
        x: 'name',
        series: ['satellites'],
        columns: [
          column('name'),
          column('country'),
          column('plannedYear'),
          column('period'),
          column('category'),
          column('satellites', 'satellites'),
          column('source'),
          column('sourceDate'),
        ],
        rows: d.plans.map((p) => {
          const texts = planTexts(p)
          return {
            name: texts.name,
            country: countryLabel(p.country),
            plannedYear: texts.plannedYear,
            period: periodLabel(p.period_key),
            category: categoryLabel(p.portal_category),
            satellites: p.satellites,
            source: t('sourceNamed', { publisher: texts.publisher, title: texts.title }),
            sourceDate: p.source_date,
          }
        }),
        counted: t('counted.plannedMissions', { entries, satellites }),
        note: t('notes.plannedPartial'),
      },
      {
        key: 'plannedByPeriod',
        title: t('figures.plannedByPeriod'),
        chart: 'bar',
        x: 'period',
        series: ['entries', 'satellites'],
        columns: [column('period'), column('entries', 'entries'), column('satellites', 'satellites')],
        rows: [...periods].map(([key, v]) => ({ period: periodLabel(key), entries: v.entries, satellites: v.satellites })),
        counted: t('counted.plannedByPeriod', { entries, satellites }),
      },
      {
        key: 'plannedByCategory',
        title: t('figures.plannedByCategory'),
        chart: 'pie',
        x: 'category',
        series: ['satellites'],
        columns: [column('category'), column('entries', 'entries'), column('satellites', 'satellites')],
        rows: categoryRows.map(([key, v]) => ({ category: categoryLabel(key), entries: v.entries, satellites: v.satellites })),
        counted: t('counted.plannedByCategory', { entries, satellites }),
      },
      {
        key: 'chinaTrend',
        title: t('figures.chinaTrend'),
        chart: 'line',
        x: 'year',
        series: ['count', 'imaging'],
        columns: [column('year'), column('count', 'satellites'), column('imaging', 'satellites')],
        rows: trend,
        counted: t('counted.chinaTrend', {
          total: chinaYears.length,
          imaging: d.china.filter((s) => s.remote_sensing).length,
          to: LAST_YEAR,
        }),
        note: t('notes.launchYear'),
      },
    ],
  }
}

/** The analysis page 总体统计: totals, launches per year, categories, orbits and purposes. */
import type { AnalysisPage } from '@rs/shared'
import { type Category, ORBIT_CLASSES } from '../../../datasets/world-satellites/classify'
import { AS_OF, type Data, FIRST_RECENT_YEAR, LAST_YEAR } from '../analysis-data'
import { categoryLabel, column, groupOf, percent, satellitesUnit, t, tally, yearRows } from '../figure-table'

export function generalStatistic(d: Data): AnalysisPage {
  const { total } = d
  const categoryRows = [...d.byCategory]
    .sort((a, b) => b[1] - a[1])
    .map(([c, count]) => ({
      category: categoryLabel(c),
      group: t(`groups.${groupOf(c as Category)}`),
      count,
      share: percent(count, total),
    }))
  const byOrbit = tally(d.sats, (s) => s.orbit_class)
  const fixedOrbits = d.sats.filter((s) => s.class_of_orbit !== s.orbit_class).length
  const years = d.sats.map((s) => s.launch_year).filter((y): y is number => y !== null)
  const firstYear = Math.min(...years)
  const yearRowsAll = yearRows(d.sats, firstYear, LAST_YEAR, ['count'], () => 'count')
  const peak = yearRowsAll.reduce((best, r) => ((r.count as number) > (best.count as number) ? r : best))
  const byGroup = tally(d.sats, (s) => groupOf(s.category as Category))
  const imaging = byGroup.get('imaging') ?? 0
  const leo = byOrbit.get('LEO') ?? 0
  const top = categoryRows[0]
  const countries = d.countries.length
  return {
    page: 'general-statistic',
    title: t('pages.general-statistic'),
    summary: [
      t('summary.general.total', { total, countries, joint: d.joint }),
      t('summary.general.imaging', {
        imaging,
        imagingShare: percent(imaging, total),
        topCategory: top?.category ?? '',
        topCount: top?.count ?? 0,
      }),
      t('summary.general.orbit', { leo, leoShare: percent(leo, total), geo: byOrbit.get('GEO') ?? 0 }),
      t('summary.general.years', {
        peakYear: peak.year as string,
        peakCount: peak.count as number,
        from: FIRST_RECENT_YEAR,
        recent: d.recent.length,
        recentShare: percent(d.recent.length, total),
      }),
    ],
    highlights: [
      { label: t('highlights.total'), value: total, unit: satellitesUnit() },
      { label: t('highlights.imaging'), value: imaging, unit: satellitesUnit() },
      { label: t('highlights.countries'), value: countries, unit: t('units.countries') },
      { label: t('highlights.leoShare'), value: percent(leo, total), unit: t('units.percent') },
    ],
    source: t('source'),
    asOf: AS_OF,
    figures: [
      {
        key: 'byCategory',
        title: t('figures.byCategory'),
        chart: 'pie',
        x: 'category',
        series: ['count'],
        columns: [column('category'), column('group'), column('count', 'satellites'), column('share', 'percent')],
        rows: categoryRows,
        counted: t('counted.allByCategory', { total, unspecified: d.byCategory.get('unspecified') ?? 0 }),
      },
      {
        key: 'byOrbit',
        title: t('figures.byOrbit'),
        chart: 'pie',
        x: 'orbit',
        series: ['count'],
        columns: [column('orbit'), column('count', 'satellites'), column('share', 'percent')],
        rows: ORBIT_CLASSES.map((o) => ({
          orbit: t(`orbits.${o}`),
          count: byOrbit.get(o) ?? 0,
          share: percent(byOrbit.get(o) ?? 0, total),
        })),
        counted: t('counted.byOrbit', { total, fixed: fixedOrbits }),
      },
      {
        key: 'byLaunchYear',
        title: t('figures.byLaunchYear'),
        chart: 'bar',
        x: 'year',
        series: ['count'],
        columns: [column('year'), column('count', 'satellites')],
        rows: yearRowsAll,
        counted: t('counted.byLaunchYear', { total: years.length }),
        note: t('notes.launchYear'),
      },
      {
        key: 'imagingVsOther',
        title: t('figures.imagingVsOther'),
        chart: 'pie',
        x: 'group',
        series: ['count'],
        columns: [column('group'), column('count', 'satellites'), column('share', 'percent')],
        rows: (['imaging', 'nonImaging', 'unspecified'] as const).map((g) => ({
          group: t(`groups.${g}`),
          count: byGroup.get(g) ?? 0,
          share: percent(byGroup.get(g) ?? 0, total),
        })),
        counted: t('counted.imagingVsOther', { total }),
      },
    ],
  }
}

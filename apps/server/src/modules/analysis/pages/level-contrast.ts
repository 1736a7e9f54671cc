/** The analysis page 水平对比: China against the others, in total and over the last ten years. */
import type { AnalysisPage } from '@rs/shared'
import { CATEGORIES } from '../../../datasets/world-satellites/classify'
import { AS_OF, CHINA, type Data, FIRST_RECENT_YEAR, LAST_YEAR } from '../analysis-data'
import { categoryLabel, column, percent, type Row, satellitesUnit, t, tally, yearRows } from '../figure-table'

export function levelContrast(d: Data): AnalysisPage {
  const { total } = d
  const byYear = yearRows(d.recent, FIRST_RECENT_YEAR, LAST_YEAR, ['china', 'others'], (s) =>
    s.operator_country === CHINA ? 'china' : 'others',
  ).map((r): Row => ({ ...r, chinaShare: percent(r.china as number, (r.china as number) + (r.others as number)) }))
  const maxYear = byYear.reduce((best, r) => ((r.chinaShare as number) > (best.chinaShare as number) ? r : best))
  const chinaRecent = d.recent.filter((s) => s.operator_country === CHINA).length
  const chinaByCategory = tally(d.china, (s) => s.category)
  const othersByCategory = tally(d.others, (s) => s.category)
  const present = CATEGORIES.filter((c) => d.byCategory.has(c))
  const matched = d.sats.filter((s) => s.resolution_class !== null)
  const chinaMatched = matched.filter((s) => s.operator_country === CHINA)
  const othersMatched = matched.filter((s) => s.operator_country !== CHINA)
  const chinaLevels = tally(chinaMatched, (s) => s.resolution_class)
  const othersLevels = tally(othersMatched, (s) => s.resolution_class)
  const chinaImaging = d.china.filter((s) => s.remote_sensing).length
  const imaging = d.sats.filter((s) => s.remote_sensing).length
  return {
    page: 'level-contrast',
    title: t('pages.level-contrast'),
    summary: [
      t('summary.level.total', { china: d.china.length, share: percent(d.china.length, total), others: d.others.length }),
      t('summary.level.years', {
        from: FIRST_RECENT_YEAR,
        to: LAST_YEAR,
        chinaRecent,
        recentShare: percent(chinaRecent, d.recent.length),
        maxYear: maxYear.year as string,
        maxShare: maxYear.chinaShare as number,
      }),
      t('summary.level.imaging', {
        chinaImaging,
        imagingShare: percent(chinaImaging, imaging),
        chinaRadar: chinaByCategory.get('radar') ?? 0,
        radar: d.byCategory.get('radar') ?? 0,
      }),
      t('summary.level.resolution', {
        matched: matched.length,
        chinaMatched: chinaMatched.length,
        chinaLevel1: chinaLevels.get(1) ?? 0,
        othersMatched: othersMatched.length,
        othersLevel1: othersLevels.get(1) ?? 0,
      }),
    ],
    highlights: [
      { label: t('highlights.china'), value: d.china.length, unit: satellitesUnit() },
      { label: t('highlights.chinaShare'), value: percent(d.china.length, total), unit: t('units.percent') },
      { label: t('highlights.chinaImaging'), value: chinaImaging, unit: satellitesUnit() },
      { label: t('highlights.chinaLevel1'), value: chinaLevels.get(1) ?? 0, unit: satellitesUnit() },
    ],
    source: t('source'),
    asOf: AS_OF,
    figures: [
      {
        key: 'chinaVsOthersByYear',
        title: t('figures.chinaVsOthersByYear', { from: FIRST_RECENT_YEAR, to: LAST_YEAR }),
        chart: 'line',
        x: 'year',
        series: ['china', 'others'],
        columns: [column('year'), column('china', 'satellites'), column('others', 'satellites'), column('chinaShare', 'percent')],
        rows: byYear,
        counted: t('counted.chinaVsOthersByYear', {
          from: FIRST_RECENT_YEAR,
          to: LAST_YEAR,
          china: chinaRecent,
          others: d.recent.length - chinaRecent,
        }),
        note: t('notes.launchYear'),
      },
      {
        key: 'chinaVsOthersByCategory',
        title: t('figures.chinaVsOthersByCategory'),
        chart: 'bar',
        x: 'category',
        series: ['china', 'others'],
        columns: [column('category'), column('china', 'satellites'), column('others', 'satellites'), column('chinaShare', 'percent')],
        rows: present.map((c) => {
          const ch = chinaByCategory.get(c) ?? 0
          const ot = othersByCategory.get(c) ?? 0
          return { category: categoryLabel(c), china: ch, others: ot, chinaShare: percent(ch, ch + ot) }
        }),
        counted: t('counted.chinaVsOthersByCategory', { total, china: d.china.length, others: d.others.length }),
      },
      {
        key: 'chinaVsOthersByResolution',
        title: t('figures.chinaVsOthersByResolution'),
        chart: 'bar',
        x: 'level',
        series: ['china', 'others'],
        columns: [column('level'), column('china', 'satellites'), column('others', 'satellites')],
        rows: [1, 2, 3, 4].map((level) => ({
          level: t(`resolution.${level}`),
          china: chinaLevels.get(level) ?? 0,
          others: othersLevels.get(level) ?? 0,
        })),
        counted: t('counted.chinaVsOthersByResolution', {
          total,
          matched: matched.length,
          china: chinaMatched.length,
          others: othersMatched.length,
          unmatched: total - matched.length,
          noFigure: matched.filter((s) => s.resolution_m === null).length,
        }),
      },
    ],
  }
}

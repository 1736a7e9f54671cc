/** The analysis page 类别统计: each category over the years and by orbit. */
import type { AnalysisPage } from '@rs/shared'
import { CATEGORIES, type Category } from '../../../datasets/world-satellites/classify'
import { AS_OF, type Data, FIRST_RECENT_YEAR, LAST_YEAR } from '../analysis-data'
import { categoryLabel, column, groupOf, labelledColumn, percent, satellitesUnit, t, tally, yearRows } from '../figure-table'

export function categoriesStatistic(d: Data): AnalysisPage {
  const { total } = d
  const present = CATEGORIES.filter((c) => d.byCategory.has(c))
  const count = (c: Category) => d.byCategory.get(c) ?? 0
  const sorted = [...present].sort((a, b) => count(b) - count(a))
  const [c1, c2, c3] = sorted as [Category, Category, Category]
  const imaging = d.sats.filter((s) => s.remote_sensing).length
  const recentCategories = CATEGORIES.filter((c) => d.recent.some((s) => s.category === c))
  const byYear = yearRows(d.recent, FIRST_RECENT_YEAR, LAST_YEAR, recentCategories, (s) => s.category)
  const radarPeak = byYear.reduce((best, r) => (((r.radar as number) ?? 0) > ((best.radar as number) ?? 0) ? r : best))
  const purposes = [...tally(d.sats, (s) => `${s.detailed_purpose ?? t('blankPurpose', { purpose: s.purpose })}\u0000${s.category}`)]
    .map(([key, n]) => {
      const [purpose, category] = key.split('\u0000') as [string, string]
      return { detailedPurpose: purpose, category: categoryLabel(category), count: n }
    })
    .sort((a, b) => b.count - a.count || a.detailedPurpose.localeCompare(b.detailedPurpose))
  const recentImaging = d.recent.filter((s) => s.remote_sensing).length
  return {
    page: 'categories-statistic',
    title: t('pages.categories-statistic'),
    summary: [
      t('summary.categories.top', {
        top1: categoryLabel(c1),
        n1: count(c1),
        p1: percent(count(c1), total),
        top2: categoryLabel(c2),
        n2: count(c2),
        top3: categoryLabel(c3),
        n3: count(c3),
      }),
      t('summary.categories.imaging', { imaging, optical: count('optical'), radar: count('radar'), hyperspectral: count('hyperspectral') }),
      t('summary.categories.nonImaging', {
        nonImaging: total - imaging - count('unspecified'),
        sigint: count('sigint'),
        weatherAis: count('weatherAis'),
        unspecified: count('unspecified'),
      }),
      t('summary.categories.recent', {
        from: FIRST_RECENT_YEAR,
        to: LAST_YEAR,
        recent: d.recent.length,
        imagingShare: percent(recentImaging, d.recent.length),
        radarPeakYear: radarPeak.year as string,
        radarPeak: (radarPeak.radar as number) ?? 0,
      }),
    ],
    highlights: (['optical', 'radar', 'hyperspectral', 'sigint'] as const).map((c) => ({
      label: t('highlights.category', { name: categoryLabel(c) }),
      value: count(c),
      unit: satellitesUnit(),
    })),
    source: t('source'),
    asOf: AS_OF,
    figures: [
      {
        key: 'categoryTable',
        title: t('figures.categoryTable'),
        chart: 'bar',
        x: 'category',
        series: ['count'],
        columns: [column('category'), column('group'), column('count', 'satellites'), column('share', 'percent')],
        rows: present.map((c) => ({
          category: categoryLabel(c),
          group: t(`groups.${groupOf(c)}`),
          count: count(c),
          share: percent(count(c), total),
        })),
        counted: t('counted.categoryTable', { total }),
      },
      {
        key: 'categoryByYear',
        title: t('figures.categoryByYear', { from: FIRST_RECENT_YEAR, to: LAST_YEAR }),
        chart: 'stackedBar',
        x: 'year',
        series: [...recentCategories],
        columns: [column('year'), ...recentCategories.map((c) => labelledColumn(c, categoryLabel(c), 'satellites'))],
        rows: byYear,
        counted: t('counted.categoryByYear', { from: FIRST_RECENT_YEAR, to: LAST_YEAR, total: d.recent.length }),
        note: t('notes.launchYear'),
      },
      {
        key: 'purposeMapping',
        title: t('figures.purposeMapping'),
        chart: 'horizontalBar',
        x: 'detailedPurpose',
        series: ['count'],
        columns: [column('detailedPurpose'), column('category'), column('count', 'satellites')],
        rows: purposes,
        counted: t('counted.purposeMapping', { values: purposes.length, total }),
      },
    ],
  }
}

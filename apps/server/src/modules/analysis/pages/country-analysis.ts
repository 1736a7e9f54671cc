/** The analysis page 国家分析: operator countries, their categories and the top operators. */
import type { AnalysisPage } from '@rs/shared'
import { CATEGORIES, JOINT_COUNTRY } from '../../../datasets/world-satellites/classify'
import { AS_OF, CHINA, type Data, TOP_COUNTRIES, TOP_COUNTRY_CATEGORIES } from '../analysis-data'
import { categoryLabel, column, countryLabel, labelledColumn, percent, rankedTop, satellitesUnit, t, tally } from '../figure-table'

export function countryAnalysis(d: Data): AnalysisPage {
  const { total } = d
  const ranked = rankedTop(d.countries, d.countries.length)
  const top = rankedTop(d.countries, TOP_COUNTRIES)
  const topCategories = rankedTop(d.countries, TOP_COUNTRY_CATEGORIES)
  const topSet = new Set(topCategories.map((c) => c.country))
  const inTop = d.sats.filter((s) => topSet.has(s.operator_country))
  const usedCategories = CATEGORIES.filter((c) => inTop.some((s) => s.category === c))
  const imagingBy = tally(
    d.sats.filter((s) => s.remote_sensing),
    (s) => s.operator_country,
  )
  const [first, second] = d.countries
  const topCount = top.reduce((n, c) => n + c.count, 0)
  const chinaRank = ranked.find((c) => c.country === CHINA)?.rank ?? 0
  const chinaJointRows = d.sats.filter(
    (s) => s.operator_country === JOINT_COUNTRY && s.country_of_operator_owner.split('/').includes(CHINA),
  )
  const jointList = [...tally(chinaJointRows, (s) => s.country_of_operator_owner)]
    .map(([name, count]) => t('summary.country.jointItem', { name: countryLabel(name), count }))
    .join(t('listSeparator'))
  const firstCount = first?.count ?? 0
  const secondCount = second?.count ?? 0
  return {
    page: 'country-analysis',
    title: t('pages.country-analysis'),
    summary: [
      t('summary.country.spread', { countries: d.countries.length, joint: d.joint }),
      t('summary.country.leaders', {
        first: countryLabel(first?.country ?? ''),
        firstCount,
        firstShare: percent(firstCount, total),
        second: countryLabel(second?.country ?? ''),
        secondCount,
        secondShare: percent(secondCount, total),
        topTwoShare: percent(firstCount + secondCount, total),
      }),
      t('summary.country.top', { n: TOP_COUNTRIES, rows: top.length, topCount, topShare: percent(topCount, total) }),
      t('summary.country.china', { china: d.china.length, chinaRank, chinaJoint: chinaJointRows.length, jointList }),
    ],
    highlights: [
      { label: t('highlights.countries'), value: d.countries.length, unit: t('units.countries') },
      { label: countryLabel(first?.country ?? ''), value: firstCount, unit: satellitesUnit() },
      { label: countryLabel(second?.country ?? ''), value: secondCount, unit: satellitesUnit() },
      { label: t('highlights.topTwoShare'), value: percent(firstCount + secondCount, total), unit: t('units.percent') },
    ],
    source: t('source'),
    asOf: AS_OF,
    figures: [
      {
        key: 'topCountries',
        title: t('figures.topCountries', { n: TOP_COUNTRIES }),
        chart: 'horizontalBar',
        x: 'country',
        series: ['count'],
        columns: [column('rank'), column('country'), column('count', 'satellites'), column('share', 'percent')],
        rows: top.map((c) => ({ rank: c.rank, country: countryLabel(c.country), count: c.count, share: percent(c.count, total) })),
        counted: t('counted.topCountries', { joint: d.joint, n: TOP_COUNTRIES, rows: top.length }),
      },
      {
        key: 'countryByCategory',
        title: t('figures.countryByCategory', { n: TOP_COUNTRY_CATEGORIES }),
        chart: 'stackedBar',
        x: 'country',
        series: [...usedCategories],
        columns: [
          column('country'),
          ...usedCategories.map((c) => labelledColumn(c, categoryLabel(c), 'satellites')),
          column('total', 'satellites'),
        ],
        rows: topCategories.map((c) => {
          const mine = tally(
            inTop.filter((s) => s.operator_country === c.country),
            (s) => s.category,
          )
          return {
            country: countryLabel(c.country),
            ...Object.fromEntries(usedCategories.map((k) => [k, mine.get(k) ?? 0])),
            total: c.count,
          }
        }),
        counted: t('counted.countryByCategory', { n: TOP_COUNTRY_CATEGORIES }),
      },
      {
        key: 'countryTable',
        title: t('figures.countryTable'),
        chart: 'bar',
        x: 'country',
        series: ['count'],
        columns: [
          column('rank'),
          column('country'),
          column('count', 'satellites'),
          column('share', 'percent'),
          column('imaging', 'satellites'),
        ],
        rows: [
          ...ranked.map((c) => ({
            rank: c.rank,
            country: countryLabel(c.country),
            count: c.count,
            share: percent(c.count, total),
            imaging: imagingBy.get(c.country) ?? 0,
          })),
          {
            rank: null,
            country: t('countries.joint'),
            count: d.joint,
            share: percent(d.joint, total),
            imaging: imagingBy.get(JOINT_COUNTRY) ?? 0,
          },
        ],
        counted: t('counted.countryTable', { total, countries: d.countries.length, joint: d.joint }),
      },
    ],
  }
}

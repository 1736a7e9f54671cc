import { createHash } from 'node:crypto'
import {
  type AnalysisFigure,
  type AnalysisPage,
  type AnalysisPageKey,
  SATELLITE_ANALYSIS_PAGES,
  satelliteAnalysisChart,
  tZh,
} from '@rs/shared'
import {
  CATEGORIES,
  type Category,
  isImaging,
  isProgrammeLevel,
  JOINT_COUNTRY,
  ORBIT_CLASSES,
  USER_GROUPS,
  type UserGroup,
} from '../../datasets/world-satellites/classify'
import type { AnalysisRepository, AnalysisSatelliteRow, PlannedMissionRow } from './analysis.repository'
import { renderFigureSvg } from './chart-svg'

/** The day the UCS edition stands at: every count is of satellites operating on this day. */
export const AS_OF = '2023-05-01'
/** Last launch year in the data (to 1 May only) and the first of the ten-year comparisons. */
const LAST_YEAR = Number(AS_OF.slice(0, 4))
const FIRST_RECENT_YEAR = LAST_YEAR - 9
/** "China" in the comparisons: the operator country is exactly China (joint operations count as others). */
const CHINA = 'China'
const TOP_COUNTRIES = 15
const TOP_COUNTRY_CATEGORIES = 10
const TOP_OPERATORS = 15

type Row = AnalysisFigure['rows'][number]
type Column = AnalysisFigure['columns'][number]
type Unit = 'satellites' | 'percent' | 'entries'

const t = (key: string, params?: Record<string, string | number>) => tZh(`analysis.${key}`, params)

/** Share in percent with one decimal; 0 when there is nothing to share. */
export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10
}

function tally<T, K>(items: readonly T[], key: (item: T) => K): Map<K, number> {
  const counts = new Map<K, number>()
  for (const item of items) {
    const k = key(item)
    counts.set(k, (counts.get(k) ?? 0) + 1)
  }
  return counts
}

const yearsBetween = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)

/** Entries sorted by count (then name) with competition ranks; the first n, and any tied with the n-th. */
function rankedTop<T extends { count: number }>(sorted: T[], n: number): Array<T & { rank: number }> {
  const ranked = sorted.map((item, i) => ({ ...item, rank: i + 1 }))
  for (let i = 1; i < ranked.length; i++) {
    const prev = ranked[i - 1] as T & { rank: number }
    const cur = ranked[i] as T & { rank: number }
    if (cur.count === prev.count) cur.rank = prev.rank
  }
  const cut = ranked[n - 1]?.count
  return cut === undefined ? ranked : ranked.filter((r, i) => i < n || r.count === cut)
}

function column(key: string, unit?: Unit): Column {
  return { key, title: t(`columns.${key}`), ...(unit ? { unit: t(`units.${unit}`) } : {}) }
}

function labelledColumn(key: string, title: string, unit: Unit): Column {
  return { key, title, unit: t(`units.${unit}`) }
}

const categoryLabel = (c: string) => t(`categories.${c}`)
const userLabel = (u: string) => t(`users.${u}`)
const groupOf = (c: Category) => (isImaging(c) ? 'imaging' : c === 'unspecified' ? 'unspecified' : 'nonImaging')

/** Chinese name of a UCS country value; a joint value ("China/Brazil") names each part; unknown names stay as UCS writes them. */
export function countryLabel(country: string): string {
  if (country.includes('/')) return country.split('/').map(countryLabel).join('/')
  const key = `analysis.countries.${country}`
  const label = tZh(key)
  return label === key ? country : label
}

function periodLabel(key: string): string {
  const by = /^by-(\d{4})$/.exec(key)
  if (by) return t('periods.by', { year: by[1] as string })
  const range = /^(\d{4})-(\d{4})$/.exec(key)
  if (range) return t('periods.range', { from: range[1] as string, to: range[2] as string })
  return t('periods.year', { year: key })
}

const satellitesUnit = () => t('units.satellites')

/** Everything the pages share, computed once. */
interface Data {
  sats: AnalysisSatelliteRow[]
  plans: PlannedMissionRow[]
  total: number
  china: AnalysisSatelliteRow[]
  others: AnalysisSatelliteRow[]
  recent: AnalysisSatelliteRow[]
  byCategory: Map<string, number>
  /** operator countries ranked by count, the joint bucket left out */
  countries: Array<{ country: string; count: number }>
  joint: number
}

function isRecent(s: AnalysisSatelliteRow) {
  return s.launch_year !== null && s.launch_year >= FIRST_RECENT_YEAR && s.launch_year <= LAST_YEAR
}

function prepare(sats: AnalysisSatelliteRow[], plans: PlannedMissionRow[]): Data {
  const byCountry = tally(sats, (s) => s.operator_country)
  const countries = [...byCountry]
    .filter(([c]) => c !== JOINT_COUNTRY)
    .map(([country, count]) => ({ country, count }))
    .sort((a, b) => b.count - a.count || a.country.localeCompare(b.country))
  return {
    sats,
    plans,
    total: sats.length,
    china: sats.filter((s) => s.operator_country === CHINA),
    others: sats.filter((s) => s.operator_country !== CHINA),
    recent: sats.filter(isRecent),
    byCategory: tally(sats, (s) => s.category),
    countries,
    joint: byCountry.get(JOINT_COUNTRY) ?? 0,
  }
}

/** Rows of one count per launch year in [from, to], with one column per key of `series`. */
function yearRows(
  sats: AnalysisSatelliteRow[],
  from: number,
  to: number,
  series: readonly string[],
  keyOf: (s: AnalysisSatelliteRow) => string,
): Row[] {
  const rows = new Map<number, Row>(
    yearsBetween(from, to).map((y) => [y, { year: String(y), ...Object.fromEntries(series.map((k) => [k, 0])) }]),
  )
  for (const s of sats) {
    const row = s.launch_year === null ? undefined : rows.get(s.launch_year)
    const k = keyOf(s)
    if (row && k in row) row[k] = (row[k] as number) + 1
  }
  return [...rows.values()]
}

function generalStatistic(d: Data): AnalysisPage {
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

function countryAnalysis(d: Data): AnalysisPage {
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

function categoriesStatistic(d: Data): AnalysisPage {
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

function userShares(sats: AnalysisSatelliteRow[]) {
  const byUser = tally(sats, (s) => s.user_group as UserGroup)
  return (u: UserGroup) => percent(byUser.get(u) ?? 0, sats.length)
}

function investmentPatternAnalysis(d: Data): AnalysisPage {
  const { total } = d
  const byUser = tally(d.sats, (s) => s.user_group as UserGroup)
  const users = (u: UserGroup) => byUser.get(u) ?? 0
  const recentCommercial = percent(d.recent.filter((s) => s.user_group === 'commercial').length, d.recent.length)
  const allCommercial = percent(users('commercial'), total)
  const operators = new Map<string, { operator: string; country: string; count: number; users: AnalysisSatelliteRow[] }>()
  for (const s of d.sats) {
    const key = `${s.operator_owner}\u0000${s.operator_country}`
    const entry = operators.get(key) ?? {
      operator: s.operator_owner,
      country: s.operator_country === JOINT_COUNTRY ? s.country_of_operator_owner : s.operator_country,
      count: 0,
      users: [],
    }
    entry.count++
    entry.users.push(s)
    operators.set(key, entry)
  }
  const topOperators = rankedTop(
    [...operators.values()].sort((a, b) => b.count - a.count || a.operator.localeCompare(b.operator)),
    TOP_OPERATORS,
  )
  const mainUser = (rows: AnalysisSatelliteRow[]) =>
    [...tally(rows, (s) => s.user_group)].sort(
      (a, b) => b[1] - a[1] || USER_GROUPS.indexOf(a[0] as UserGroup) - USER_GROUPS.indexOf(b[0] as UserGroup),
    )[0]?.[0] ?? 'mixed'
  const topOperatorCount = topOperators.reduce((n, o) => n + o.count, 0)
  const first = topOperators[0]
  const china = userShares(d.china)
  const others = userShares(d.others)
  const chinaCount = tally(d.china, (s) => s.user_group)
  const othersCount = tally(d.others, (s) => s.user_group)
  return {
    page: 'investment-pattern-analysis',
    title: t('pages.investment-pattern-analysis'),
    summary: [
      t('summary.investment.users', {
        commercial: users('commercial'),
        commercialShare: allCommercial,
        government: users('government'),
        military: users('military'),
        civil: users('civil'),
        mixed: users('mixed'),
      }),
      t('summary.investment.recent', {
        from: FIRST_RECENT_YEAR,
        to: LAST_YEAR,
        recent: d.recent.length,
        recentShare: recentCommercial,
        comparison: t(recentCommercial > allCommercial ? 'higher' : recentCommercial < allCommercial ? 'lower' : 'equal'),
        allShare: allCommercial,
      }),
      t('summary.investment.operators', {
        operator: first?.operator ?? '',
        country: countryLabel(first?.country ?? ''),
        count: first?.count ?? 0,
        n: TOP_OPERATORS,
        topShare: percent(topOperatorCount, total),
      }),
      t('summary.investment.china', {
        chinaGovernment: china('government'),
        chinaCommercial: china('commercial'),
        chinaMilitary: china('military'),
        othersGovernment: others('government'),
        othersCommercial: others('commercial'),
        othersMilitary: others('military'),
      }),
    ],
    highlights: [
      { label: t('highlights.commercial'), value: users('commercial'), unit: satellitesUnit() },
      { label: t('highlights.government'), value: users('government'), unit: satellitesUnit() },
      { label: t('highlights.military'), value: users('military'), unit: satellitesUnit() },
      { label: t('highlights.topOperator'), value: first?.count ?? 0, unit: satellitesUnit() },
    ],
    source: t('source'),
    asOf: AS_OF,
    figures: [
      {
        key: 'byUser',
        title: t('figures.byUser'),
        chart: 'pie',
        x: 'user',
        series: ['count'],
        columns: [column('user'), column('count', 'satellites'), column('share', 'percent')],
        rows: USER_GROUPS.map((u) => ({ user: userLabel(u), count: users(u), share: percent(users(u), total) })),
        counted: t('counted.byUser', { total, mixed: users('mixed') }),
      },
      {
        key: 'userByYear',
        title: t('figures.userByYear', { from: FIRST_RECENT_YEAR, to: LAST_YEAR }),
        chart: 'stackedBar',
        x: 'year',
        series: [...USER_GROUPS],
        columns: [column('year'), ...USER_GROUPS.map((u) => labelledColumn(u, userLabel(u), 'satellites'))],
        rows: yearRows(d.recent, FIRST_RECENT_YEAR, LAST_YEAR, USER_GROUPS, (s) => s.user_group),
        counted: t('counted.userByYear', { from: FIRST_RECENT_YEAR, to: LAST_YEAR, total: d.recent.length }),
        note: t('notes.launchYear'),
      },
      {
        key: 'topOperators',
        title: t('figures.topOperators', { n: TOP_OPERATORS }),
        chart: 'horizontalBar',
        x: 'operator',
        series: ['count'],
        columns: [column('rank'), column('operator'), column('country'), column('count', 'satellites'), column('mainUser')],
        rows: topOperators.map((o) => ({
          rank: o.rank,
          operator: o.operator,
          country: countryLabel(o.country),
          count: o.count,
          mainUser: userLabel(mainUser(o.users)),
        })),
        counted: t('counted.topOperators', { n: TOP_OPERATORS, rows: topOperators.length, total: topOperatorCount }),
      },
      {
        key: 'chinaVsOthersByUser',
        title: t('figures.chinaVsOthersByUser'),
        chart: 'bar',
        x: 'user',
        series: ['chinaShare', 'othersShare'],
        columns: [
          column('user'),
          column('china', 'satellites'),
          column('chinaShare', 'percent'),
          column('others', 'satellites'),
          column('othersShare', 'percent'),
        ],
        rows: USER_GROUPS.map((u) => ({
          user: userLabel(u),
          china: chinaCount.get(u) ?? 0,
          chinaShare: china(u),
          others: othersCount.get(u) ?? 0,
          othersShare: others(u),
        })),
        counted: t('counted.chinaVsOthersByUser', { china: d.china.length, others: d.others.length }),
      },
    ],
  }
}

function levelContrast(d: Data): AnalysisPage {
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

/** The plan rows' sources: each host once, in file order, with the first date given for it. */
function planSources(plans: PlannedMissionRow[]): string {
  const hosts = new Map<string, string | null>()
  for (const p of plans) {
    let host: string
    try {
      host = new URL(p.source).host
    } catch {
      host = p.source
    }
    if (!hosts.get(host)) hosts.set(host, p.source_date)
  }
  return [...hosts].map(([host, date]) => (date ? t('sourceItem', { host, date }) : host)).join(t('listSeparator'))
}

function developmentPlan(d: Data): AnalysisPage {
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
    source: t('sourceWithPlans', { ucs: t('source'), sources: planSources(d.plans) }),
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
          column('note'),
        ],
        rows: d.plans.map((p) => ({
          name: p.name,
          country: countryLabel(p.country),
          plannedYear: p.planned_year,
          period: periodLabel(p.period_key),
          category: categoryLabel(p.portal_category),
          satellites: p.satellites,
          source: p.source,
          sourceDate: p.source_date,
          note: p.note,
        })),
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

const BUILDERS: Record<AnalysisPageKey, (d: Data) => AnalysisPage> = {
  'general-statistic': generalStatistic,
  'country-analysis': countryAnalysis,
  'categories-statistic': categoriesStatistic,
  'investment-pattern-analysis': investmentPatternAnalysis,
  'level-contrast': levelContrast,
  'development-plan': developmentPlan,
}

/** Every analysis page from the loaded rows (pure: no database, no clock). */
export function buildAnalysisPages(sats: AnalysisSatelliteRow[], plans: PlannedMissionRow[]): Map<AnalysisPageKey, AnalysisPage> {
  if (sats.length === 0) throw new Error('world_satellite is empty: the world satellite data was not loaded')
  const data = prepare(sats, plans)
  return new Map(SATELLITE_ANALYSIS_PAGES.map((key) => [key, BUILDERS[key](data)]))
}

/** A figure's chart image as the chart endpoint answers it. */
export interface ChartImage {
  svg: string
  /** Hash of the SVG, the ETag's value. */
  version: string
}

/** Address of a figure's chart image (what `chartUrl` holds). */
export function chartUrlOf(page: AnalysisPageKey, figure: string): string {
  return `${satelliteAnalysisChart.path}?${new URLSearchParams({ page, figure })}`
}

interface Built {
  pages: Map<AnalysisPageKey, AnalysisPage>
  /** page → figure key → chart image */
  charts: Map<AnalysisPageKey, Map<string, ChartImage>>
}

/** Draws every figure's chart once and gives each figure its chartUrl and chartSize. */
export function withCharts(pages: Map<AnalysisPageKey, AnalysisPage>): Built {
  const charts = new Map<AnalysisPageKey, Map<string, ChartImage>>()
  const withUrls = new Map<AnalysisPageKey, AnalysisPage>()
  for (const [key, page] of pages) {
    const images = new Map<string, ChartImage>()
    const figures = page.figures.map((figure) => {
      const { svg, width, height } = renderFigureSvg(figure)
      images.set(figure.key, { svg, version: createHash('sha256').update(svg).digest('base64url').slice(0, 27) })
      return { ...figure, chartUrl: chartUrlOf(key, figure.key), chartSize: { width, height } }
    })
    charts.set(key, images)
    withUrls.set(key, { ...page, figures })
  }
  return { pages: withUrls, charts }
}

/**
 * The analysis pages and their chart images, computed once from the database on first use and
 * then kept in memory: the data change only when the server starts (reference data are loaded
 * before it listens).
 */
export function createAnalysisService(repo: AnalysisRepository) {
  let built: Promise<Built> | undefined
  const load = () => {
    if (!built) {
      const building = Promise.all([repo.satellites(), repo.plannedMissions()]).then(([sats, plans]) =>
        withCharts(buildAnalysisPages(sats, plans)),
      )
      // a failed build (database not ready) is tried again on the next call
      building.catch(() => {
        if (built === building) built = undefined
      })
      built = building
    }
    return built
  }
  return {
    /** Computes the pages and draws their charts now (called when the server gets ready). */
    async warm(): Promise<void> {
      await load()
    },
    async page(key: AnalysisPageKey): Promise<AnalysisPage> {
      const page = (await load()).pages.get(key)
      if (!page) throw new Error(`analysis page ${key} missing`)
      return page
    },
    /** The chart image of one figure; undefined when the page has no such figure. */
    async chart(key: AnalysisPageKey, figure: string): Promise<ChartImage | undefined> {
      return (await load()).charts.get(key)?.get(figure)
    },
  }
}
export type AnalysisService = ReturnType<typeof createAnalysisService>

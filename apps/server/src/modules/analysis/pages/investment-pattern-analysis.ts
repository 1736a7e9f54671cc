/** The analysis page 投资模式分析: who pays (commercial, government, military, civil), China against the rest. */
import type { AnalysisPage } from '@rs/shared'
import { JOINT_COUNTRY, USER_GROUPS, type UserGroup } from '../../../datasets/world-satellites/classify'
import type { AnalysisSatelliteRow } from '../analysis.repository'
import { AS_OF, type Data, FIRST_RECENT_YEAR, LAST_YEAR, TOP_OPERATORS } from '../analysis-data'
import { column, countryLabel, labelledColumn, percent, rankedTop, satellitesUnit, t, tally, userLabel, yearRows } from '../figure-table'

function userShares(sats: AnalysisSatelliteRow[]) {
  const byUser = tally(sats, (s) => s.user_group as UserGroup)
  return (u: UserGroup) => percent(byUser.get(u) ?? 0, sats.length)
}

export function investmentPatternAnalysis(d: Data): AnalysisPage {
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

import type { AnalysisPage } from '@rs/shared'

/**
 * A general-statistic page shaped like the API's answer, with counts taken from the UCS
 * Earth-observation rows (1 May 2023 edition). Tests only; screens show the API's data.
 */
export const GENERAL_STATISTIC_PAGE: AnalysisPage = {
  page: 'general-statistic',
  title: '总体统计',
  summary: ['截至2023年5月1日，全球在轨对地观测与地球科学卫星共1292颗。', '美国511颗居首，中国348颗居次，两国合计占全部卫星的66.5%。'],
  highlights: [
    { label: '在轨卫星总数', value: 1292, unit: '颗' },
    { label: '运营国家和组织', value: 57, unit: '个' },
    { label: '商业卫星占比', value: '51.6%' },
    { label: '2022年发射', value: 183, unit: '颗' },
  ],
  source: 'UCS 卫星数据库（Union of Concerned Scientists）',
  asOf: '2023-05-01',
  figures: [
    {
      key: 'by-country',
      title: '各国家和组织在轨卫星数量',
      chart: 'horizontalBar',
      x: 'country',
      series: ['count'],
      columns: [
        { key: 'country', title: '国家或组织' },
        { key: 'count', title: '卫星数量', unit: '颗' },
      ],
      rows: [
        { country: '美国', count: 511 },
        { country: '中国', count: 348 },
        { country: '俄罗斯', count: 42 },
        { country: '阿根廷', count: 39 },
        { country: '日本', count: 37 },
        { country: '其他', count: 315 },
      ],
      counted: '按卫星所有者或运营者所属国家统计在轨卫星颗数，共1292颗。',
      chartUrl: '/api/satellite/analysis/chart?page=general-statistic&figure=by-country',
      chartSize: { width: 679, height: 240 },
    },
    {
      key: 'by-users',
      title: '按用户类型',
      chart: 'pie',
      x: 'users',
      series: ['count'],
      columns: [
        { key: 'users', title: '用户类型' },
        { key: 'count', title: '卫星数量', unit: '颗' },
      ],
      rows: [
        { users: '商业', count: 667 },
        { users: '政府', count: 310 },
        { users: '军用', count: 244 },
        { users: '民用', count: 33 },
        { users: '混合用途', count: 38 },
      ],
      counted: '按 UCS 数据库“用户”字段统计，多用户卫星归入“混合用途”。',
      note: '“政府/民用”等双重用户计为混合用途。',
      chartUrl: '/api/satellite/analysis/chart?page=general-statistic&figure=by-users',
      chartSize: { width: 704, height: 340 },
    },
  ],
}

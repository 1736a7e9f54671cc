import type { AnalysisFigure } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import {
  CHART_FONT_FAMILY,
  categoryLabelLayout,
  FULL_CHART_WIDTH,
  figureChartSize,
  figureChartWidth,
  figureToOption,
  legendRows,
  MAX_AXIS_LABEL_EM,
  MAX_CHART_HEIGHT,
  MAX_SIDE_LABEL_EM,
  MIN_BESIDE_CHART_WIDTH,
  plotWidthOf,
  textEm,
  truncateLabel,
} from './chart-option'

function figure(chart: AnalysisFigure['chart'], overrides: Partial<AnalysisFigure> = {}): AnalysisFigure {
  return {
    key: 'f',
    title: '测试图',
    chart,
    x: 'name',
    series: ['a', 'b'],
    columns: [
      { key: 'name', title: '名称' },
      { key: 'a', title: '光学', unit: '颗' },
      { key: 'b', title: '雷达', unit: '颗' },
    ],
    rows: [
      { name: '美国', a: 300, b: 20 },
      { name: '中国', a: 200, b: 30 },
      { name: '日本', a: null, b: 5 },
    ],
    counted: '按国家统计。',
    ...overrides,
  }
}

type AnyRecord = Record<string, unknown>
const asRecords = (value: unknown) => (Array.isArray(value) ? value : [value]) as AnyRecord[]
const seriesOf = (option: ReturnType<typeof figureToOption>) => asRecords(option.series)
const axisOf = (axis: unknown) => asRecords(axis)[0] as AnyRecord & { axisLabel: AnyRecord & { formatter: (v: string) => string } }

describe('figureToOption', () => {
  it('draws one bar series per numeric column against the category column, with a legend when there are several', () => {
    const option = figureToOption(figure('bar'))
    const series = seriesOf(option)
    expect(series).toHaveLength(2)
    expect(series.map((s) => [s.type, s.name])).toEqual([
      ['bar', '光学'],
      ['bar', '雷达'],
    ])
    expect(series[0]?.data).toEqual([300, 200, null])
    expect(axisOf(option.xAxis)).toMatchObject({ type: 'category', data: ['美国', '中国', '日本'] })
    expect(axisOf(option.yAxis)).toMatchObject({ type: 'value', name: '颗' })
    expect(asRecords(option.legend)[0]?.show).not.toBe(false)
    expect(series.every((s) => s.stack === undefined)).toBe(true)
  })

  it('hides the legend of a single series', () => {
    const option = figureToOption(figure('bar', { series: ['a'] }))
    expect(seriesOf(option)).toHaveLength(1)
    expect(asRecords(option.legend)[0]?.show).toBe(false)
  })

  it('stacks every series of a stacked bar on one stack', () => {
    const series = seriesOf(figureToOption(figure('stackedBar')))
    expect(series).toHaveLength(2)
    expect(new Set(series.map((s) => s.stack))).toEqual(new Set(['total']))
    expect(series.every((s) => s.type === 'bar')).toBe(true)
  })

  it('puts the categories on the vertical axis of a horizontal bar, first row on top, values labelled', () => {
    const option = figureToOption(figure('horizontalBar', { series: ['a'] }))
    const yAxis = axisOf(option.yAxis)
    expect(yAxis).toMatchObject({ type: 'category', data: ['美国', '中国', '日本'], inverse: true })
    expect(axisOf(option.xAxis).type).toBe('value')
    expect(seriesOf(option)[0]?.label).toMatchObject({ show: true })
  })

  it('draws lines without a category gap', () => {
    const option = figureToOption(figure('line'))
    expect(seriesOf(option).map((s) => s.type)).toEqual(['line', 'line'])
    expect(axisOf(option.xAxis).boundaryGap).toBe(false)
  })

  it('makes pie slices of the first series, leaving out empty and zero rows', () => {
    const option = figureToOption(figure('pie', { rows: [...figure('pie').rows, { name: '法国', a: 0, b: 1 }] }))
    const series = seriesOf(option)
    expect(series).toHaveLength(1)
    expect(series[0]?.type).toBe('pie')
    expect(series[0]?.data).toEqual([
      { name: '美国', value: 300 },
      { name: '中国', value: 200 },
    ])
    expect(option.xAxis).toBeUndefined()
    const label = series[0]?.label as { formatter: (p: { name: string; percent: number }) => string }
    expect(label.formatter({ name: '美国国家航空航天局地球科学研究部门', percent: 60 })).toBe('美国国家航空航天局地球…\n60%')
    expect(series[0]?.percentPrecision).toBe(1)
  })

  it('rotates and truncates long Chinese category labels; the data keep the full name', () => {
    const names = ['美国国家海洋和大气管理局', '中国国家航天局对地观测中心', '欧洲航天局', '日本宇宙航空研究开发机构', '印度空间研究组织']
    const option = figureToOption(figure('bar', { series: ['a'], rows: names.map((name, i) => ({ name, a: i + 1, b: 0 })) }), 564)
    const xAxis = axisOf(option.xAxis)
    expect(xAxis.axisLabel.rotate).toBeGreaterThan(0)
    expect(xAxis.axisLabel.interval).toBe(0)
    expect(xAxis.data).toEqual(names)
    const shown = xAxis.axisLabel.formatter(names[0] ?? '')
    expect(shown.endsWith('…')).toBe(true)
    expect(textEm(shown)).toBeLessThanOrEqual(MAX_AXIS_LABEL_EM)
  })

  it('keeps legend, value axis name and plot apart', () => {
    const withLegend = asRecords(figureToOption(figure('bar')).grid)[0]
    const without = asRecords(figureToOption(figure('bar', { series: ['a'] })).grid)[0]
    expect(Number(withLegend?.top)).toBeGreaterThan(Number(without?.top))
    expect(Number(withLegend?.top)).toBeGreaterThanOrEqual(56)
  })

  it('keeps short labels flat and truncates long names beside horizontal bars', () => {
    expect(axisOf(figureToOption(figure('bar')).xAxis).axisLabel.rotate).toBe(0)
    const long = '俄罗斯联邦航天局遥感卫星运营中心（Roscosmos）'
    const option = figureToOption(figure('horizontalBar', { rows: [{ name: long, a: 1, b: 2 }] }))
    const shown = axisOf(option.yAxis).axisLabel.formatter(long)
    expect(shown).not.toBe(long)
    expect(textEm(shown)).toBeLessThanOrEqual(MAX_SIDE_LABEL_EM)
  })
})

describe('category labels', () => {
  it('thins many short labels (years) instead of tilting them', () => {
    const years = Array.from({ length: 40 }, (_, i) => String(1984 + i))
    expect(categoryLabelLayout(years, 560)).toMatchObject({ rotate: 0, interval: 'auto' })
    expect(categoryLabelLayout(['2021', '2022'], 560)).toMatchObject({ rotate: 0, interval: 0 })
  })

  it('shows whole labels flat when the plot is wide enough, and cuts them only when it is not', () => {
    const levels = ['1级（≤1米）', '2级（1–4米）', '3级（4–16米）', '4级（>16米或无数值）']
    const wide = categoryLabelLayout(levels, 900)
    expect(wide.rotate).toBe(0)
    expect(truncateLabel(levels[3] ?? '', wide.maxEm)).toBe(levels[3])
    const narrow = categoryLabelLayout(levels, 300)
    expect(narrow.maxEm).toBe(MAX_AXIS_LABEL_EM)
  })

  it('counts CJK as one em and Latin as about half', () => {
    expect(textEm('中国')).toBe(2)
    expect(textEm('ESA')).toBeCloseTo(1.65)
    expect(truncateLabel('欧洲航天局', 8)).toBe('欧洲航天局')
    expect(truncateLabel('一二三四五六七八九十', 5)).toBe('一二三四…')
  })

  it('grows horizontal bar charts with their rows within bounds', () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ name: `国家${i}`, a: i, b: i }))
    const height = (f: AnalysisFigure) => figureChartSize(f).height
    expect(height(figure('horizontalBar', { rows }))).toBeGreaterThan(height(figure('horizontalBar')))
    expect(height(figure('horizontalBar', { rows: [...rows, ...rows, ...rows] }))).toBe(MAX_CHART_HEIGHT)
    expect(height(figure('pie'))).toBe(340)
  })
})

describe('chart size', () => {
  const wideColumns = ['名称（来源原文）', '国家/地区', '计划时间（来源原文）', '类别', '来源', '备注（原文）'].map((title, i) => ({
    key: `c${i}`,
    title,
  }))

  it('draws a chart beside a narrow table at the width the card leaves, and one over a wide table full width', () => {
    const narrow = figureChartWidth(figure('bar'))
    expect(narrow).toBeGreaterThanOrEqual(MIN_BESIDE_CHART_WIDTH)
    expect(narrow).toBeLessThan(FULL_CHART_WIDTH)
    const longText = 'Fengyun-3F (FY-3F), a polar-orbiting meteorological satellite (scheduled for August)'
    const wide = figure('bar', {
      x: 'c0',
      series: ['a'],
      columns: [...wideColumns, { key: 'a', title: '数量', unit: '颗' }],
      rows: [{ c0: longText, c1: '中国', c2: '2023', c3: '气象观测', c4: 'https://english.news.cn/20230222/c.html', c5: '—', a: 1 }],
    })
    expect(figureChartWidth(wide)).toBe(FULL_CHART_WIDTH)
  })

  it('makes room for tilted labels and for legends that wrap', () => {
    const flat = figureChartSize(figure('bar')).height
    const names = Array.from({ length: 24 }, (_, i) => `中国国家航天局对地观测中心${i}`)
    const tilted = figureChartSize(figure('bar', { rows: names.map((name) => ({ name, a: 1, b: 2 })) }))
    expect(tilted.height).toBeGreaterThan(flat)

    const series = Array.from({ length: 12 }, (_, i) => `s${i}`)
    const manySeries = figure('stackedBar', {
      series,
      columns: [{ key: 'name', title: '名称' }, ...series.map((key) => ({ key, title: `掩星气象与船舶识别${key}`, unit: '颗' }))],
      rows: [Object.fromEntries([['name', '美国'], ...series.map((key) => [key, 1])])],
    })
    const { width, height } = figureChartSize(manySeries)
    expect(
      legendRows(
        series.map((key) => `掩星气象与船舶识别${key}`),
        width,
      ),
    ).toBeGreaterThan(1)
    expect(height).toBeGreaterThan(flat)
  })

  it('lays the category labels out for the width it draws at, with no animation and a font stack safe in an SVG attribute', () => {
    const option = figureToOption(figure('bar'), 800)
    expect(option.animation).toBe(false)
    expect(plotWidthOf(800)).toBeLessThan(800)
    expect(CHART_FONT_FAMILY).not.toContain('"')
    expect(CHART_FONT_FAMILY).toContain('Noto Sans CJK SC')
  })
})

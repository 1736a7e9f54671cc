import type { AnalysisFigure } from '@rs/shared'
import { DOMParser } from '@xmldom/xmldom'
import { describe, expect, it } from 'vitest'
import { renderFigureSvg } from './chart-svg'

/** Parses an SVG strictly: any XML error fails the test. */
function parseSvg(svg: string) {
  const problems: string[] = []
  const doc = new DOMParser({ onError: (level, message) => problems.push(`${level}: ${message}`) }).parseFromString(svg, 'image/svg+xml')
  expect(problems).toEqual([])
  return doc
}

const texts = (doc: ReturnType<typeof parseSvg>) => Array.from(doc.getElementsByTagName('text')).map((t) => t.textContent ?? '')

function figure(chart: AnalysisFigure['chart'], rows: AnalysisFigure['rows']): AnalysisFigure {
  return {
    key: 'f',
    title: '测试图',
    chart,
    x: 'name',
    series: ['a'],
    columns: [
      { key: 'name', title: '名称' },
      { key: 'a', title: '卫星数', unit: '颗' },
    ],
    rows,
    counted: '按国家统计。',
  }
}

describe('renderFigureSvg', () => {
  it('draws a standalone SVG with a viewBox, the portal font stack and the Chinese labels of the rows', () => {
    const chart = renderFigureSvg(
      figure('bar', [
        { name: '美国', a: 511 },
        { name: '中国', a: 348 },
      ]),
    )
    expect(chart.svg.startsWith('<svg')).toBe(true)
    const doc = parseSvg(chart.svg)
    const root = doc.documentElement
    expect(root?.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg')
    expect(root?.getAttribute('viewBox')).toBe(`0 0 ${chart.width} ${chart.height}`)
    expect(texts(doc)).toEqual(expect.arrayContaining(['美国', '中国', '颗']))
    expect(chart.svg).toContain('Noto Sans CJK SC')
    expect(chart.svg).not.toContain('foreignObject')
    expect(chart.svg).not.toMatch(/<animate|@keyframes/)
  })

  it.each(['bar', 'horizontalBar', 'pie'] as const)('escapes markup from the data in a %s chart: it stays text', (kind) => {
    const hostile = '<script>alert(1)</script> & <b>'
    const chart = renderFigureSvg(
      figure(kind, [
        { name: hostile, a: 5 },
        { name: 'A & B', a: 3 },
      ]),
    )
    expect(chart.svg).not.toContain('<script')
    expect(chart.svg).not.toContain('<b>')
    expect(chart.svg).not.toMatch(/&(?![a-zA-Z]+;|#\d+;|#x[0-9a-fA-F]+;)/)
    const doc = parseSvg(chart.svg)
    expect(doc.getElementsByTagName('script')).toHaveLength(0)
    expect(doc.getElementsByTagName('b')).toHaveLength(0)
    const shown = texts(doc).join('\n')
    expect(shown).toContain('<script>')
    expect(shown).toContain('A & B')
  })
})

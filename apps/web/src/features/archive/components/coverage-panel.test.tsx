import type { CoverageAnswer } from '@rs/shared'
import { beforeEach, describe, expect, it } from 'vitest'
import { render, screen } from '../../../test/render'
import { useResultStore } from '../state/result-store'
import { CoveragePanel } from './coverage-panel'

const answer = (gaps: CoverageAnswer['gaps']): CoverageAnswer => ({
  aoiAreaKm2: 16410.2,
  aoiBBox: [115.42, 39.44, 117.51, 41.06],
  coveredAreaKm2: gaps ? 8000 : 16410.2,
  percent: gaps ? 48.75 : 100,
  sceneCount: 45,
  truncated: false,
  regionLevel: 'county',
  regions: [],
  gaps,
  cover: { ids: ['A', 'B'], coveredAreaKm2: 8000, percent: 48.75 },
})

const GAP: CoverageAnswer['gaps'] = {
  type: 'Polygon',
  coordinates: [
    [
      [116, 40],
      [117, 40],
      [117, 41],
      [116, 40],
    ],
  ],
}

describe('CoveragePanel', () => {
  beforeEach(() => useResultStore.getState().clear())

  it('tells of the gaps on the map as information, not as an error', () => {
    render(<CoveragePanel hasQuery answer={answer(GAP)} isFetching={false} error={null} checkedCount={0} />)
    const note = screen.getByTestId('coverage-gaps')
    expect(note.textContent).toContain('未覆盖区域已在地图上以红色标出')
    expect(note.className).toContain('ant-alert-info')
    expect(note.className).not.toContain('ant-alert-error')
  })

  it('says a whole coverage as success', () => {
    render(<CoveragePanel hasQuery answer={answer(null)} isFetching={false} error={null} checkedCount={0} />)
    expect(screen.getByTestId('coverage-gaps').className).toContain('ant-alert-success')
  })

  it('explains that a FILE list has no area as a note, without an error', () => {
    render(<CoveragePanel hasQuery isFileList answer={undefined} isFetching={false} error={null} checkedCount={0} />)
    const note = screen.getByTestId('coverage-file-list')
    expect(note.className).toContain('ant-alert-info')
    expect(note.textContent).toContain('文件清单')
    expect(screen.queryByTestId('coverage-error')).toBeNull()
  })

  it('keeps a failed analysis an error', () => {
    render(<CoveragePanel hasQuery answer={undefined} isFetching={false} error={new Error('覆盖分析失败')} checkedCount={0} />)
    expect(screen.getByTestId('coverage-error').className).toContain('ant-alert-error')
  })
})

import { describe, expect, it } from 'vitest'
import { wrapText } from './chart-image'

/** 12 px a character, as a 12 px CJK font measures. */
const measure = (text: string) => [...text].length * 12

describe('wrapText', () => {
  it('breaks Chinese text between characters at the width', () => {
    expect(wrapText('统计全部在轨卫星的轨道类型', 60, measure)).toEqual(['统计全部在', '轨卫星的轨', '道类型'])
  })

  it('keeps a short paragraph on one line and drops the space a break falls on', () => {
    expect(wrapText('数据截至：2023-05-01', 400, measure)).toEqual(['数据截至：2023-05-01'])
    expect(wrapText('abcd efgh', 48, measure)).toEqual(['abcd', 'efgh'])
  })
})

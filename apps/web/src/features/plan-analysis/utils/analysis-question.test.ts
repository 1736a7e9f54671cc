import { describe, expect, it } from 'vitest'
import {
  ALL,
  type AnalysisQuestion,
  analysisQuery,
  changeQuestion,
  defaultQuestion,
  featuresQuery,
  parseQuestion,
  questionParams,
} from './analysis-question'

const parse = (search: string, home = '100000') => parseQuestion(new URLSearchParams(search), { home })

describe('the analysis question in the address', () => {
  it('takes the SPEC §9 defaults from a bare address, the region being the caller’s home region', () => {
    expect(parse('')).toEqual({
      planYear: 2025,
      purchaseYear: 2024,
      unitType: 'province',
      analysisOption: 1,
      yearOption: 1,
      compareYear: 2024,
      regionId: '100000',
      resolution: ALL,
      month: 'qb',
      cjlx: 'sc',
      overlap: false,
      owners: [],
      detail: null,
      measure: 'newNeed',
    })
    expect(parse('', '150000').regionId).toBe('150000')
    expect(questionParams(defaultQuestion('150000'), { home: '150000' }).toString()).toBe('')
  })

  it('reads every part of a shared question', () => {
    const q = parse(
      'planYear=2041&purchaseYear=2026&unitType=all&analysisOption=2&yearOption=2&compareYear=2039&regionId=150100' +
        '&resolution=m2&month=6,5&cjlx=cg&overlap=1&owners=150100,150000&detail=150102&measure=planned',
    )
    expect(q).toEqual<AnalysisQuestion>({
      planYear: 2041,
      purchaseYear: 2026,
      unitType: ALL,
      analysisOption: 2,
      yearOption: 2,
      compareYear: 2039,
      regionId: '150100',
      resolution: 'm2',
      month: '5,6',
      cjlx: 'cg',
      overlap: true,
      owners: ['150000', '150100'],
      detail: '150102',
      measure: 'planned',
    })
  })

  it('survives a round trip through the address', () => {
    const questions: AnalysisQuestion[] = [
      defaultQuestion('100000'),
      { ...defaultQuestion('100000'), planYear: 2041, purchaseYear: 2040, compareYear: 2040, yearOption: 2 },
      { ...defaultQuestion('150000'), planYear: 2041, purchaseYear: 2026, compareYear: 2040, unitType: ALL, cjlx: ALL, regionId: '100000' },
      {
        ...defaultQuestion('100000'),
        analysisOption: 2,
        overlap: true,
        owners: ['150000', '150100'],
        month: '1,12',
        resolution: 'sub1',
        detail: '150100',
        measure: 'planned',
      },
    ]
    for (const q of questions) {
      const home = q.regionId === '100000' ? '150000' : '100000'
      expect(parseQuestion(questionParams(q, { home }), { home })).toEqual(q)
    }
  })

  it('writes only what differs from the defaults, and the compare year only when comparing', () => {
    const q = { ...defaultQuestion('100000'), planYear: 2041, purchaseYear: 2040, compareYear: 2038 }
    const context = { home: '100000' }
    expect(questionParams(q, context).toString()).toBe('planYear=2041')
    expect(questionParams({ ...q, yearOption: 2 }, context).toString()).toBe('planYear=2041&yearOption=2&compareYear=2038')
  })

  it('takes a plan year’s own purchase year as its default, and writes it only when it differs', () => {
    const context = { home: '100000', purchaseYearOf: (y: number) => (y === 2041 ? 2026 : undefined) }
    expect(parseQuestion(new URLSearchParams('planYear=2041'), context).purchaseYear).toBe(2026)
    expect(parseQuestion(new URLSearchParams('planYear=2030'), context).purchaseYear).toBe(2029)
    const q = parseQuestion(new URLSearchParams('planYear=2041'), context)
    expect(questionParams(q, context).toString()).toBe('planYear=2041')
    expect(questionParams({ ...q, purchaseYear: 2040 }, context).toString()).toBe('planYear=2041&purchaseYear=2040')
  })

  it('falls back to the defaults for what it cannot read', () => {
    const q = parse(
      'planYear=20x5&purchaseYear=1999&unitType=town&analysisOption=3&yearOption=0&regionId=15&resolution=m3&month=13&cjlx=zz&overlap=yes&owners=15,abc&detail=x&measure=budget',
    )
    expect(q).toEqual(defaultQuestion('100000'))
  })

  it('asks the API for what changes a figure, leaving out 全部 and the view', () => {
    const q = {
      ...defaultQuestion('100000'),
      planYear: 2041,
      purchaseYear: 2040,
      unitType: ALL,
      analysisOption: 2 as const,
      overlap: true,
      detail: '150100',
    }
    expect(analysisQuery(q)).toEqual({ planYear: 2041, purchaseYear: 2040, regionId: '100000', cjlx: 'sc' })
    expect(
      analysisQuery({ ...q, yearOption: 2, compareYear: 2039, month: '5,6', owners: ['150000'], resolution: 'm2', cjlx: ALL }),
    ).toEqual({
      planYear: 2041,
      purchaseYear: 2040,
      yearOption: 2,
      compareYear: 2039,
      regionId: '100000',
      month: '5,6',
      owners: '150000',
      resolution: 'm2',
    })
    expect(featuresQuery(q, { year: 2040, overlap: true, regionId: '150100' })).toEqual({
      planYear: 2040,
      regionId: '150100',
      overlap: '1',
      cjlx: 'sc',
    })
  })
})

describe('a change of the question', () => {
  it('brings another plan year’s own purchase year and the year before it to compare with', () => {
    const q = defaultQuestion('100000')
    const context = { home: '100000', purchaseYearOf: (y: number) => (y === 2041 ? 2026 : undefined) }
    expect(changeQuestion(q, { planYear: 2041 }, context)).toMatchObject({
      planYear: 2041,
      purchaseYear: 2026,
      compareYear: 2040,
    })
    expect(changeQuestion(q, { planYear: 2030 }, context)).toMatchObject({ purchaseYear: 2029, compareYear: 2029 })
  })

  it('closes the row detail when the region changes, and keeps the owners sorted', () => {
    const q = { ...defaultQuestion('100000'), detail: '150000' }
    const context = { home: '100000' }
    expect(changeQuestion(q, { regionId: '150000' }, context).detail).toBeNull()
    expect(changeQuestion(q, { regionId: '150000', detail: '150100' }, context).detail).toBe('150100')
    expect(changeQuestion(q, { owners: ['150100', '150000', '150100'] }, context).owners).toEqual(['150000', '150100'])
  })
})

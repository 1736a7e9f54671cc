import { describe, expect, it } from 'vitest'
import { toParagraphs } from './paragraphs'

describe('toParagraphs', () => {
  it('splits on blank lines, also Windows ones and lines of spaces', () => {
    expect(toParagraphs('第一段\n\n第二段\r\n\r\n第三段\n   \n第四段')).toEqual(['第一段', '第二段', '第三段', '第四段'])
  })

  it('keeps single line breaks inside a paragraph and drops empty paragraphs', () => {
    expect(toParagraphs('\n\n一行\n二行\n\n\n\n')).toEqual(['一行\n二行'])
    expect(toParagraphs('')).toEqual([])
  })
})

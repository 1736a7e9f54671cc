import { describe, expect, it } from 'vitest'
import { escapeXml, findForbiddenXmlCharacter, isXmlChar } from './xml'

describe('escapeXml', () => {
  it('escapes the five XML special characters and leaves the rest', () => {
    expect(escapeXml(`<a href="x">Tom's & 北京</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom&apos;s &amp; 北京&lt;/a&gt;')
    expect(escapeXml(42)).toBe('42')
  })
})

describe('isXmlChar', () => {
  it('follows the XML 1.0 Char production at each boundary', () => {
    const allowed = [0x09, 0x0a, 0x0d, 0x20, 0xd7ff, 0xe000, 0xfffd, 0x10000, 0x10ffff]
    const refused = [0x00, 0x01, 0x08, 0x0b, 0x0c, 0x1f, 0xd800, 0xdfff, 0xfffe, 0xffff, 0x110000, -1]
    expect(allowed.filter((c) => !isXmlChar(c))).toEqual([])
    expect(refused.filter((c) => isXmlChar(c))).toEqual([])
  })
})

describe('findForbiddenXmlCharacter', () => {
  it('finds a character reference to a character XML does not allow, in text or an attribute', () => {
    expect(findForbiddenXmlCharacter('<a>x&#x0;</a>')).toEqual({ character: 'U+0000', reference: '&#x0;' })
    expect(findForbiddenXmlCharacter('<a>&#0;</a>')).toEqual({ character: 'U+0000', reference: '&#0;' })
    expect(findForbiddenXmlCharacter('<a>&#x00000;</a>')).toEqual({ character: 'U+0000', reference: '&#x00000;' })
    expect(findForbiddenXmlCharacter('<a b="&#1;"/>')).toEqual({ character: 'U+0001', reference: '&#1;' })
    expect(findForbiddenXmlCharacter('<a>&#xdC00;</a>')?.character).toBe('U+DC00')
    expect(findForbiddenXmlCharacter('<a>&#xFFFE;</a>')?.character).toBe('U+FFFE')
    expect(findForbiddenXmlCharacter('<a>&#1114112;</a>')?.character).toBe('U+110000')
    const huge = findForbiddenXmlCharacter(`<a>&#${'9'.repeat(40)};</a>`)
    expect(huge?.character).toBe('> U+10FFFF')
    expect(huge?.reference?.length).toBeLessThanOrEqual(21)
  })

  it('finds a raw character XML does not allow', () => {
    expect(findForbiddenXmlCharacter('<a>\u0000</a>')).toEqual({ character: 'U+0000' })
    expect(findForbiddenXmlCharacter('<a>\uFFFF</a>')).toEqual({ character: 'U+FFFF' })
    expect(findForbiddenXmlCharacter('<a>\uD800x</a>')).toEqual({ character: 'U+D800' })
  })

  it('passes allowed references, astral characters, and reference-like text in CDATA, comments and instructions', () => {
    expect(findForbiddenXmlCharacter('<a>&#x9;&#10;&#13;&#x5317;&#20140;&#x1F600;😀&amp;#0;</a>')).toBeUndefined()
    expect(findForbiddenXmlCharacter('<?x &#0;?><!-- &#0; --><a><![CDATA[&#0;]]></a>')).toBeUndefined()
  })
})

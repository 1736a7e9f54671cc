/** XML text helpers shared by the OGC services and the SVG drawings. */

/** Text for an XML (or HTML) text node or a quoted attribute value. */
export function escapeXml(value: string | number): string {
  return String(value).replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c)
}

/** XML 1.0 `Char`: tab, line feed, carriage return, U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF. */
export function isXmlChar(code: number): boolean {
  return (
    code === 0x09 ||
    code === 0x0a ||
    code === 0x0d ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  )
}

/** A character of an XML document that XML 1.0 does not allow, as "U+XXXX", and how it was written. */
export type ForbiddenXmlCharacter = { character: string; reference?: string }

const REFERENCE_SHOWN = 20

// CDATA sections, comments and processing instructions hold no references: their `&#0;` is text
const XML_REFERENCE = /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|&#(x[0-9a-fA-F]+|[0-9]+);/g
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u

/**
 * The first character an XML 1.0 document may not hold, written as a character reference
 * (`&#x0;`, `&#1;`, `&#xD800;`, `&#xFFFE;`, `&#x110000;`) or raw, or undefined when there is
 * none. XML parsers such as xmldom decode these references without complaint, and PostgreSQL
 * refuses U+0000 in text, so a document is checked with this before it is parsed.
 */
export function findForbiddenXmlCharacter(xml: string): ForbiddenXmlCharacter | undefined {
  for (const match of xml.matchAll(XML_REFERENCE)) {
    const digits = match[1]
    if (digits === undefined) continue
    const code = digits.startsWith('x') ? Number.parseInt(digits.slice(1), 16) : Number.parseInt(digits, 10)
    if (!isXmlChar(code)) {
      const reference = match[0].length > REFERENCE_SHOWN ? `${match[0].slice(0, REFERENCE_SHOWN)}…` : match[0]
      return { character: unicodeName(code), reference }
    }
  }
  const raw = NOT_XML_CHAR.exec(xml)?.[0]
  return raw === undefined ? undefined : { character: unicodeName(raw.codePointAt(0) as number) }
}

function unicodeName(code: number): string {
  if (!Number.isSafeInteger(code) || code > 0xffffffff) return '> U+10FFFF'
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
}

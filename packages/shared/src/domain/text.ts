/**
 * Characters no text field may hold: C0 controls except tab, line feed and carriage return, DEL,
 * and lone UTF-16 surrogates (they cannot be stored as UTF-8). PostgreSQL rejects U+0000 in text
 * outright, so such input is answered with a 400 before it reaches SQL.
 */
const TAB = 0x09
const LF = 0x0a
const CR = 0x0d

function isForbidden(code: number, multiline: boolean): boolean {
  if (code === 0x7f) return true
  if (code >= 0x20) return false
  return !multiline || (code !== TAB && code !== LF && code !== CR)
}

/**
 * The first forbidden character of a text as "U+XXXX", or undefined when the text is clean. A
 * single-line field (names, keywords, codes) also refuses tab, line feed and carriage return.
 */
export function forbiddenCharacter(text: string, options: { multiline?: boolean } = {}): string | undefined {
  const multiline = options.multiline ?? false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80 ? isForbidden(code, multiline) : false) return unicodeName(code)
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(i + 1)
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++
      else return unicodeName(code)
    }
  }
  return undefined
}

function unicodeName(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
}

/** The longest path walked into nested input before it is judged too deep. */
export const MAX_INPUT_DEPTH = 32

/**
 * Walks parsed input (query, path parameters, a JSON body) and returns where the first string
 * (or object key) with a forbidden character sits and which character it is. Tab, line feed and
 * carriage return pass here: single-line fields reject them in their own schemas.
 */
export function findForbiddenText(value: unknown, path = '', depth = 0): { path: string; character: string } | undefined {
  if (typeof value === 'string') {
    const character = forbiddenCharacter(value, { multiline: true })
    return character ? { path, character } : undefined
  }
  if (value === null || typeof value !== 'object' || depth > MAX_INPUT_DEPTH) return undefined
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findForbiddenText(value[i], `${path}[${i}]`, depth + 1)
      if (found) return found
    }
    return undefined
  }
  for (const [key, item] of Object.entries(value)) {
    const keyCharacter = forbiddenCharacter(key, { multiline: true })
    const here = path ? `${path}.${key}` : key
    if (keyCharacter) return { path: path || '?', character: keyCharacter }
    const found = findForbiddenText(item, here, depth + 1)
    if (found) return found
  }
  return undefined
}

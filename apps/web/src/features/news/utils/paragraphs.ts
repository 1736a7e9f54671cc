/** The paragraphs of a plain-text article body: split on blank lines, trimmed, empty ones dropped. */
export function toParagraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t\u3000]*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
}

import { Fragment, type ReactNode } from 'react'

/**
 * What is not to be translated: people's own words and names (a user's name, an operator's footer,
 * a news source, a plan's description), proper names. `translate="no"` tells translating browsers
 * and the English walk (e2e/english.spec.ts) to leave it as it is.
 */
export function OwnText({ children, lang }: { children: ReactNode; lang?: string }) {
  return (
    <span translate="no" lang={lang}>
      {children}
    </span>
  )
}

/**
 * A message whose {placeholders} take elements (an OwnText, a link): the translated template
 * (`t(key)` without parameters keeps its placeholders) cut at its placeholders, each filled with
 * its element, in the order the language puts them.
 */
export function Interpolated({ template, values }: { template: string; values: Record<string, ReactNode> }) {
  const nodes: ReactNode[] = []
  const seen = new Map<string, number>()
  template.split(/\{(\w+)\}/).forEach((part, i) => {
    if (i % 2 === 0) {
      // no empty text: the server's markup has no node for it, which the browser's hydration would miss
      if (part) nodes.push(part)
      return
    }
    // odd parts are the placeholders' names; a name used twice gets a key of its own each time
    const count = (seen.get(part) ?? 0) + 1
    seen.set(part, count)
    nodes.push(<Fragment key={`${part}#${count}`}>{part in values ? values[part] : `{${part}}`}</Fragment>)
  })
  return <>{nodes}</>
}

/**
 * The cell attributes of a table column that shows what is not to be translated (a record as it was
 * written: a sent mail, names in the audit log): antd's `onCell`.
 */
export const untranslatedCell = () => ({ translate: 'no' as const })

import { createTranslator, type SourceReference } from '@rs/shared'

/**
 * How the portal names the pages its reference data cite, in one language
 * (data/satellites/references.zh.json, references.en.json): the publisher by host (without www.), a
 * title per page written for the portal. Pages that are records of a catalogue are titled by rule
 * from what they describe, in the names' language (`locale`, Chinese when not given).
 */
export interface ReferenceNames {
  publishers: Readonly<Record<string, string>>
  pages: Readonly<Record<string, string>>
  locale?: 'zh-CN' | 'en-US'
}

/** A member a catalogue record can describe: its name and designations. */
export interface RecordedMember {
  name: string
  noradId?: number | null
  cospar?: string | null
}

function hostOf(url: string): string | undefined {
  try {
    const { protocol, hostname } = new URL(url)
    return protocol === 'http:' || protocol === 'https:' ? hostname.replace(/^www\./, '') : undefined
  } catch {
    return undefined
  }
}

/** The title of a catalogue record (CelesTrak SATCAT by NORAD number, NASA NSSDCA by COSPAR id), or undefined. */
function recordTitle(url: string, members: readonly RecordedMember[], locale: ReferenceNames['locale']): string | undefined {
  const t = createTranslator(locale)
  const satcat = /^https?:\/\/(?:www\.)?celestrak\.org\/satcat\/records\.php\?CATNR=(\d+)$/i.exec(url)
  if (satcat?.[1]) {
    const norad = Number(satcat[1])
    const member = members.find((m) => m.noradId === norad)
    return t('satelliteApi.references.satcat', { name: member?.name ?? `NORAD ${norad}`, norad })
  }
  const nssdca = /^https?:\/\/nssdc\.gsfc\.nasa\.gov\/nmc\/spacecraft\/display\.action\?id=([\w-]+)$/i.exec(url)
  if (nssdca?.[1]) {
    const cospar = nssdca[1]
    const member = members.find((m) => m.cospar === cospar)
    return t('satelliteApi.references.nssdca', { name: member?.name ?? cospar, cospar })
  }
  return undefined
}

/**
 * The named reference of a cited page: publisher by its host, title from the names or, for a
 * catalogue record, from the member it describes. Undefined when the page has no name yet (a
 * revised data file cites a new page: missingReferences lists it) or is no web address.
 */
export function nameReference(url: string, names: ReferenceNames, members: readonly RecordedMember[] = []): SourceReference | undefined {
  const host = hostOf(url)
  const publisher = host === undefined ? undefined : names.publishers[host]
  const title = names.pages[url] ?? recordTitle(url, members, names.locale)
  return publisher === undefined || title === undefined ? undefined : { publisher, title, url }
}

/** The cited pages that have no named reference: each needs its publisher or title in references.zh.json. */
export function missingReferences(urls: readonly string[], names: ReferenceNames): string[] {
  return [...new Set(urls)].filter((url) => nameReference(url, names) === undefined)
}

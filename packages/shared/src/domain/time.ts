/** The zone every Beijing time of the portal is in (UTC+8, no daylight saving since 1991). */
export const BEIJING_ZONE = 'Asia/Shanghai'

/** 'YYYY-MM-DD HH:mm:ss': the portal's Beijing date and time (exports, mails, tables). */
export const BEIJING_DATETIME = 'YYYY-MM-DD HH:mm:ss'
/** 'YYYY-MM-DD': a Beijing day. */
export const BEIJING_DATE = 'YYYY-MM-DD'

let formatter: Intl.DateTimeFormat | undefined
const TOKENS = /YYYY|MM|DD|HH|mm|ss/g

/**
 * A moment as Beijing time, whatever the zone of the machine: the one formatter of the portal
 * (server exports and mails, the web's tables). The pattern takes the tokens YYYY MM DD HH mm ss
 * (24-hour clock); other characters are kept. A value that is not a time gives ''.
 */
export function formatBeijingTime(date: Date | string | number, pattern: string = BEIJING_DATETIME): string {
  const at = date instanceof Date ? date : new Date(date)
  if (Number.isNaN(at.getTime())) return ''
  formatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: BEIJING_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
  const parts: Record<string, string> = {}
  for (const p of formatter.formatToParts(at)) parts[p.type] = p.value
  const values: Record<string, string | undefined> = {
    YYYY: parts.year,
    MM: parts.month,
    DD: parts.day,
    HH: parts.hour,
    mm: parts.minute,
    ss: parts.second,
  }
  return pattern.replace(TOKENS, (token) => values[token] ?? '')
}

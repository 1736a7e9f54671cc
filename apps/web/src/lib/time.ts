import { formatBeijingTime } from '@rs/shared'
import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone'
import utc from 'dayjs/plugin/utc'

dayjs.extend(utc)
dayjs.extend(timezone)

/** The zone every Beijing time of the portal is in (UTC+8, no daylight saving); dayjs pickers take it. */
export { BEIJING_ZONE } from '@rs/shared'

/**
 * A moment as Beijing time, 'YYYY-MM-DD HH:mm:ss' unless another pattern (YYYY MM DD HH mm ss) is
 * given: the shared formatter of packages/shared (domain/time.ts), which the server's exports and
 * mails use too.
 */
export function formatBeijing(date: Date | string | number, pattern?: string): string {
  return formatBeijingTime(date, pattern)
}

import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone'
import utc from 'dayjs/plugin/utc'

dayjs.extend(utc)
dayjs.extend(timezone)

/** The zone every Beijing time of the portal is in (UTC+8, no daylight saving). */
export const BEIJING_ZONE = 'Asia/Shanghai'

/**
 * A moment as Beijing time, 'YYYY-MM-DD HH:mm:ss' unless another dayjs pattern is given. Import it
 * where it is shown (a lazy chunk), so dayjs and its zone plugins load only there.
 */
export function formatBeijing(date: Date | string | number, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  return dayjs(date).tz(BEIJING_ZONE).format(pattern)
}

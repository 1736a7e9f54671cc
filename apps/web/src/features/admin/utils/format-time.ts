import { formatBeijingTime } from '@rs/shared'

/** An ISO time as Beijing local time, YYYY-MM-DD HH:mm:ss (the portal's users are in China); a value that is not a time as it is. */
export function formatTime(iso: string): string {
  return formatBeijingTime(iso) || iso
}

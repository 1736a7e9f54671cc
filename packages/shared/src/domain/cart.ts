import { CART_BADGE_MAX } from './constants'

/** Text of the cart badge: the count, or "99+" above 99; empty for none. */
export function cartBadgeText(count: number): string {
  if (count <= 0) return ''
  return count > CART_BADGE_MAX ? `${CART_BADGE_MAX}+` : String(count)
}

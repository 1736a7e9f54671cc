import { hasPermission, PERMISSION } from '@rs/shared'

/** Whether a user with these permissions may replace and restore typical images (MOD_002; the server checks it too). */
export function canEditContent(permissions: readonly string[] | undefined): boolean {
  return hasPermission(permissions ?? [], PERMISSION.contentEditor)
}

import { hasPermission, PERMISSION } from '@rs/shared'

/** Whether a user with these permissions may add, edit and delete news (MOD_002; the server checks it too). */
export function canEditContent(permissions: readonly string[] | undefined): boolean {
  return hasPermission(permissions ?? [], PERMISSION.contentEditor)
}

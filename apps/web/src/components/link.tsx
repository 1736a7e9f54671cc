// biome-ignore lint/style/noRestrictedImports: the one wrapper of React Router's Link
import { type LinkProps, Link as RouterLink } from 'react-router'
import { useLocale } from '../lib/i18n'
import { toInLanguage } from '../lib/i18n/address'

/**
 * React Router's Link whose address carries the interface's language (`?lang=en` on English
 * pages, lib/i18n/address.ts), so that a link opened in a new tab, copied or shared keeps the
 * language; the server renders it the same. Navigation itself keeps the language anyway
 * (app/router.tsx).
 */
export function Link({ to, ...props }: LinkProps) {
  const locale = useLocale()
  return <RouterLink to={toInLanguage(to, locale)} {...props} />
}

import { flattenRoutes } from '@rs/shared'

const SATELLITE_PAGES = new Set(flattenRoutes().map((node) => node.path))

/** The portal page of a satellite series by its slug (/satellite/chinese/gf1, /satellite/global/landsat); the Chinese list when the slug has no page. */
export function satellitePath(slug: string): string {
  for (const group of ['chinese', 'global']) {
    const path = `satellite/${group}/${slug}`
    if (SATELLITE_PAGES.has(path)) return `/${path}`
  }
  return '/satellite/chinese'
}

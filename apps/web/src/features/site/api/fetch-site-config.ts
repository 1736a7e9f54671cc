import type { SiteConfig } from '@rs/shared'
import { siteConfig } from '@rs/shared/api-paths'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** GET the public site configuration (footer, English site, external links). */
export function fetchSiteConfig(): Promise<SiteConfig> {
  return callApi(siteConfig)
}

export const siteConfigQuery = queryOptions({ queryKey: ['site', 'config'], queryFn: fetchSiteConfig, staleTime: Number.POSITIVE_INFINITY })

export function useSiteConfig() {
  return useQuery(siteConfigQuery)
}

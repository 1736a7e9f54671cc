import { allowedRegionIds, MONITOR_MODULES } from '@rs/shared'
import { useShallow } from 'zustand/react/shallow'
import { openLogin, useAuthStore } from '../../features/auth/state/auth-store'
import { MonitorScreen } from '../../features/monitor/components/monitor-screen'
import { RegionName } from '../../features/region/components/region-name'
import { RegionPicker } from '../../features/region/components/region-picker'
import { useSiteConfig } from '../../features/site/api/fetch-site-config'
import type { ScreenProps } from '../screen-props'

/**
 * The monitoring engine's one screen for every module (应用服务): the route's name is the module's
 * key (domain/routes.ts makes one route per declaration), composed with the session (permissions,
 * area ranges, the login dialog) and the region picker.
 */
export default function MonitorModuleScreen({ route }: ScreenProps) {
  const site = useSiteConfig()
  const { user, areaRanges } = useAuthStore(useShallow((s) => ({ user: s.user, areaRanges: s.areaRanges })))
  const module = MONITOR_MODULES.find((m) => m.key === route.name)
  if (!module) return null
  return (
    <MonitorScreen
      module={module.key}
      user={user ? { permissions: user.permissions, areaRegionIds: allowedRegionIds(areaRanges) } : null}
      onLoginRequired={(target) => openLogin(target)}
      tiandituKey={site.data?.tiandituKey ?? ''}
      regionPicker={(value, onChange) => <RegionPicker value={value} onChange={onChange} />}
      regionName={(code) => <RegionName code={code} />}
    />
  )
}

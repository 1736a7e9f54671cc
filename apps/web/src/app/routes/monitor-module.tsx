import { allowedRegionIds, type MonitorModuleKey, monitorModule } from '@rs/shared'
import { useShallow } from 'zustand/react/shallow'
import { openLogin, useAuthStore } from '../../features/auth/state/auth-store'
import { MonitorScreen } from '../../features/monitor/components/monitor-screen'
import { RegionName } from '../../features/region/components/region-name'
import { RegionPicker } from '../../features/region/components/region-picker'
import { useSiteConfig } from '../../features/site/api/fetch-site-config'

/** Composes the monitoring screen with the session (permissions, area ranges, the login dialog) and the region picker for one module. */
export function MonitorModule({ module }: { module: MonitorModuleKey }) {
  const site = useSiteConfig()
  const { user, areaRanges } = useAuthStore(useShallow((s) => ({ user: s.user, areaRanges: s.areaRanges })))
  if (!monitorModule(module)) return null
  return (
    <MonitorScreen
      module={module}
      user={user ? { permissions: user.permissions, areaRegionIds: allowedRegionIds(areaRanges) } : null}
      onLoginRequired={(target) => openLogin(target)}
      tiandituKey={site.data?.tiandituKey ?? ''}
      regionPicker={(value, onChange) => <RegionPicker value={value} onChange={onChange} />}
      regionName={(code) => <RegionName code={code} />}
    />
  )
}

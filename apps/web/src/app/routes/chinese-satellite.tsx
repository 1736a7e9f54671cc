import { SatelliteSection } from '../../features/satellite/components/satellite-section'
import { useSiteConfig } from '../../features/site/api/fetch-site-config'
import type { ScreenProps } from '../screen-props'

/** 国产卫星 (chineseSatellite): the index of the 21 Chinese series and the page of each. */
export default function ChineseSatelliteScreen({ route }: ScreenProps) {
  const site = useSiteConfig()
  return <SatelliteSection section="chinese" path={route.path} tiandituKey={site.data?.tiandituKey ?? ''} />
}

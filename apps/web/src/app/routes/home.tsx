import '../../features/home/home.css'
import { KeyFigures } from '../../features/home/components/key-figures'
import { LatestNews } from '../../features/home/components/latest-news'
import { RecentEvents } from '../../features/home/components/recent-events'
import { SatelliteOverview } from '../../features/home/components/satellite-overview'
import { ServiceCards } from '../../features/home/components/service-cards'
import { WelcomeBanner } from '../../features/home/components/welcome-banner'
import { useVisitCounts } from '../../features/statistics/api/fetch-visit-counts'

/**
 * Home: the banner with the portal's purpose and key figures, the latest news beside the recent
 * satellite events, the entries to every service and the satellite catalogue. Each data block
 * loads on its own; the static parts are usable at once. No chart or map library here.
 */
export default function HomeScreen() {
  const counts = useVisitCounts()
  return (
    <div className="home">
      <WelcomeBanner figures={<KeyFigures visits={{ value: counts.data?.ALL, isPending: counts.isPending }} />} />
      <div className="home-columns">
        <LatestNews />
        <RecentEvents />
      </div>
      <ServiceCards />
      <SatelliteOverview />
    </div>
  )
}

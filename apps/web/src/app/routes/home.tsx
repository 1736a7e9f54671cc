import { SatelliteOverview } from '../../features/home/components/satellite-overview'
import { ServiceCards } from '../../features/home/components/service-cards'
import { VisitsFigure } from '../../features/home/components/visits-figure'
import { WelcomeBanner } from '../../features/home/components/welcome-banner'
import { useVisitCounts } from '../../features/statistics/api/fetch-visit-counts'

/** Home: welcome banner with the total site visits, the service entries and the satellite catalogue. */
export default function HomeScreen() {
  const counts = useVisitCounts()
  return (
    <div className="home">
      <WelcomeBanner aside={<VisitsFigure total={counts.data?.ALL} />} />
      <ServiceCards />
      <SatelliteOverview />
    </div>
  )
}

import './satellite.css'
import { type SatelliteSectionId, slugFromPath } from '../utils/sections'
import { SatelliteIndex } from './satellite-index'
import { SatellitePage } from './satellite-page'
import { SatelliteSideNav } from './satellite-side-nav'

export interface SatelliteSectionProps {
  section: SatelliteSectionId
  /** The route path ('satellite/chinese' or 'satellite/chinese/gf1'). */
  path: string
  tiandituKey?: string
}

/** A page of 国产卫星 or 国外卫星: the section's navigation beside its index or one satellite. */
export function SatelliteSection({ section, path, tiandituKey }: SatelliteSectionProps) {
  const slug = slugFromPath(section, path)
  return (
    <div className="satellite-layout" data-testid={`satellite-section-${section}`}>
      <aside className="satellite-layout__nav">
        <SatelliteSideNav section={section} slug={slug} />
      </aside>
      <div className="satellite-layout__main">
        {slug ? <SatellitePage key={slug} section={section} slug={slug} tiandituKey={tiandituKey} /> : <SatelliteIndex section={section} />}
      </div>
    </div>
  )
}

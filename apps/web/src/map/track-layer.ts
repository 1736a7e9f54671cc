import Feature from 'ol/Feature'
import MultiLineString from 'ol/geom/MultiLineString'
import Point from 'ol/geom/Point'
import VectorLayer from 'ol/layer/Vector'
import { fromLonLat } from 'ol/proj'
import VectorSource from 'ol/source/Vector'
import { Fill, Icon, Stroke, Style, Text } from 'ol/style'

/** A WGS84 point: [longitude, latitude] in degrees. */
export type LonLatPoint = [number, number]

/** One moving object's ground track, already split at the antimeridian (every part within −180…180). */
export interface TrackLine {
  id: string
  color: string
  /** The part already travelled, drawn dashed. */
  past: LonLatPoint[][]
  /** The part to come, drawn solid. */
  future: LonLatPoint[][]
}

/** One moving object's current position, drawn as a coloured satellite icon with its name. */
export interface TrackPosition {
  id: string
  color: string
  label: string
  lon: number
  lat: number
}

/** The two layers of moving objects (tracks below, positions above) and how to update them. */
export interface TrackLayers {
  tracks: VectorLayer<VectorSource>
  positions: VectorLayer<VectorSource>
  /** Replaces every track. */
  setTracks(lines: readonly TrackLine[]): void
  /** Moves the icons: existing ids keep their feature, new ids are added, missing ones removed. */
  setPositions(points: readonly TrackPosition[]): void
}

const HALO = new Stroke({ color: 'rgba(255, 255, 255, 0.85)', width: 4 })

/** A small satellite (body and two panels) in one colour, as an SVG data address. */
export function satelliteIconSrc(color: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="28" height="28" viewBox="0 0 28 28">` +
    `<g stroke="#fff" stroke-width="1.5" fill="${color}">` +
    `<rect x="10" y="10" width="8" height="8" rx="1.5"/>` +
    `<rect x="1.5" y="11" width="7" height="6" rx="1"/>` +
    `<rect x="19.5" y="11" width="7" height="6" rx="1"/>` +
    `</g><circle cx="14" cy="14" r="1.6" fill="#fff"/></svg>`
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}

function lineStyles(color: string, isPast: boolean): Style[] {
  return [
    new Style({ stroke: HALO }),
    new Style({ stroke: new Stroke({ color, width: isPast ? 1.6 : 2.2, lineDash: isPast ? [6, 6] : undefined }) }),
  ]
}

function positionStyle(color: string, label: string): Style {
  return new Style({
    image: new Icon({ src: satelliteIconSrc(color), width: 28, height: 28 }),
    text: new Text({
      text: label,
      offsetY: 22,
      font: '600 12px "Noto Sans CJK SC", "Microsoft YaHei", sans-serif',
      fill: new Fill({ color: '#1f2933' }),
      stroke: new Stroke({ color: '#ffffff', width: 3 }),
    }),
  })
}

function toMap(parts: LonLatPoint[][]): number[][][] {
  return parts.map((part) => part.map((p) => fromLonLat(p)))
}

/** Creates the track and position layers (drawn above the base map and any area of interest). */
export function createTrackLayers(): TrackLayers {
  const trackSource = new VectorSource()
  const positionSource = new VectorSource()
  const tracks = new VectorLayer({ source: trackSource, zIndex: 40 })
  const positions = new VectorLayer({ source: positionSource, zIndex: 41, declutter: true })
  const styleCache = new Map<string, Style>()

  return {
    tracks,
    positions,
    setTracks(lines) {
      trackSource.clear()
      const features: Feature[] = []
      for (const line of lines) {
        for (const [part, isPast] of [
          [line.past, true],
          [line.future, false],
        ] as const) {
          if (part.length === 0) continue
          const feature = new Feature(new MultiLineString(toMap(part)))
          feature.setId(`${line.id}:${isPast ? 'past' : 'future'}`)
          feature.setStyle(lineStyles(line.color, isPast))
          features.push(feature)
        }
      }
      trackSource.addFeatures(features)
    },
    setPositions(points) {
      const wanted = new Set(points.map((p) => p.id))
      for (const feature of positionSource.getFeatures()) {
        if (!wanted.has(String(feature.getId()))) positionSource.removeFeature(feature)
      }
      for (const point of points) {
        const key = `${point.color}|${point.label}`
        let style = styleCache.get(key)
        if (!style) {
          style = positionStyle(point.color, point.label)
          styleCache.set(key, style)
        }
        const coordinate = fromLonLat([point.lon, point.lat])
        const existing = positionSource.getFeatureById(point.id)
        if (existing) {
          ;(existing.getGeometry() as Point).setCoordinates(coordinate)
          existing.setStyle(style)
        } else {
          const feature = new Feature(new Point(coordinate))
          feature.setId(point.id)
          feature.setStyle(style)
          positionSource.addFeature(feature)
        }
      }
    },
  }
}

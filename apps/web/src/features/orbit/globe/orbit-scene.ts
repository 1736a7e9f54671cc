import { type Orbit, subPoint } from '@rs/shared'
import {
  Cartesian2,
  Cartesian3,
  type CesiumWidget,
  Color,
  LabelCollection,
  LabelStyle,
  Material,
  PointPrimitiveCollection,
  PolylineCollection,
  VerticalOrigin,
} from 'cesium'
import { PASS_COLORS } from '../map/pass-layer'
import { swathRing } from '../utils/pass-geometry'

/** A satellite the 3D page draws. */
export interface GlobeSatellite {
  noradId: number
  label: string
  orbit: Orbit
  /** Half the widest swath in km (0: no swath drawn). */
  halfSwathKm: number
}

/** The orbit period in ms (from the mean motion). */
const periodMs = (o: Orbit) => ((2 * Math.PI) / o.satrec.no) * 60_000

function path(o: Orbit, fromMs: number, toMs: number, stepMs: number, onGround: boolean): Cartesian3[] {
  const out: Cartesian3[] = []
  for (let t = fromMs; t <= toMs; t += stepMs) {
    const p = subPoint(o, t)
    if (p) out.push(Cartesian3.fromDegrees(p.lon, p.lat, onGround ? 0 : p.altitudeKm * 1000))
  }
  return out
}

/**
 * The satellites on the globe: each one's orbit (one revolution around the shown time, in the
 * Earth-fixed frame), its ground track (half a revolution behind and ahead), its position as a
 * point with its name, and its swath now on the ground. `setTime` moves the positions and swaths;
 * orbits and tracks are drawn again when the time has moved by more than 5 minutes.
 */
export function createOrbitScene(widget: CesiumWidget) {
  const lines = widget.scene.primitives.add(new PolylineCollection()) as PolylineCollection
  const swaths = widget.scene.primitives.add(new PolylineCollection()) as PolylineCollection
  const points = widget.scene.primitives.add(new PointPrimitiveCollection()) as PointPrimitiveCollection
  const labels = widget.scene.primitives.add(new LabelCollection()) as LabelCollection
  let satellites: GlobeSatellite[] = []
  let drawnAt = Number.NaN
  const colorOf = (i: number) => Color.fromCssColorString(PASS_COLORS[i % PASS_COLORS.length] as string)

  function drawPaths(t: number) {
    lines.removeAll()
    satellites.forEach((s, i) => {
      const color = colorOf(i)
      const period = periodMs(s.orbit)
      const step = Math.max(20_000, period / 180)
      lines.add({
        positions: path(s.orbit, t - period / 2, t + period / 2, step, false),
        width: 1.5,
        material: Material.fromType('Color', { color: color.withAlpha(0.9) }),
      })
      lines.add({
        positions: path(s.orbit, t - period / 2, t + period / 2, step, true),
        width: 1,
        material: Material.fromType('Color', { color: color.withAlpha(0.6) }),
      })
    })
    drawnAt = t
  }

  return {
    setSatellites(list: GlobeSatellite[], t: number) {
      satellites = list
      points.removeAll()
      labels.removeAll()
      list.forEach((s, i) => {
        points.add({ position: Cartesian3.ZERO, pixelSize: 9, color: colorOf(i), outlineColor: Color.WHITE, outlineWidth: 2 })
        labels.add({
          position: Cartesian3.ZERO,
          text: s.label,
          font: '13px "Noto Sans CJK SC", sans-serif',
          fillColor: Color.WHITE,
          outlineColor: Color.BLACK,
          outlineWidth: 3,
          style: LabelStyle.FILL_AND_OUTLINE,
          verticalOrigin: VerticalOrigin.BOTTOM,
          pixelOffset: new Cartesian2(0, -10),
        })
      })
      drawPaths(t)
      this.setTime(t)
    },
    setTime(t: number) {
      if (!(Math.abs(t - drawnAt) < 5 * 60_000)) drawPaths(t)
      swaths.removeAll()
      satellites.forEach((s, i) => {
        const p = subPoint(s.orbit, t)
        if (!p) return
        const at = Cartesian3.fromDegrees(p.lon, p.lat, p.altitudeKm * 1000)
        points.get(i).position = at
        labels.get(i).position = at
        if (s.halfSwathKm <= 0) return
        const strip: [number, number][] = []
        for (let k = -90; k <= 90; k += 15) {
          const q = subPoint(s.orbit, t + k * 1000)
          if (q) strip.push([q.lon, q.lat])
        }
        if (strip.some((q, j) => j > 0 && Math.abs(q[0] - (strip[j - 1] as [number, number])[0]) > 180)) return
        const ring = swathRing(strip, s.halfSwathKm)
        swaths.add({
          positions: ring.map(([lon, lat]) => Cartesian3.fromDegrees(lon, lat, 2000)),
          width: 2,
          material: Material.fromType('Color', { color: colorOf(i) }),
        })
      })
    },
    destroy() {
      for (const c of [lines, swaths, points, labels]) if (!widget.isDestroyed()) widget.scene.primitives.remove(c)
    },
  }
}

import { forward as mgrsForward } from 'mgrs'

/** File names in each operator's style (illustrative: the generated archive has no files). */

const pad = (n: number, width: number) => String(Math.trunc(n)).padStart(width, '0')

function stamp(t: Date): { day: string; time: string } {
  const iso = t.toISOString()
  return { day: iso.slice(0, 10).replaceAll('-', ''), time: iso.slice(11, 19).replaceAll(':', '') }
}

export interface NameInput {
  satellite: string
  sensor: string
  acquiredAt: Date
  lon: number
  lat: number
  orbit: number
  path: number
  row: number
  productLevel: string
  /** A 10-digit product number (seeded). */
  productNumber: number
  /** Frame duration in seconds (radar start/stop). */
  seconds: number
}

/**
 * - Chinese satellites (CRESDA style): GF1_PMS1_E116.5_N39.9_20260601_L1A0001234567.tar.gz
 * - Landsat (Collection 2): LC09_L1TP_123032_20260601_20260603_02_T1.tar
 * - Sentinel-2 (SAFE): S2A_MSIL2A_20260601T031541_N0511_R118_T50SMK_20260601T061541.SAFE
 * - Sentinel-1 (SAFE): S1A_IW_GRDH_1SDV_20260601T101512_20260601T101537_054321_06A1B2_C3D4.SAFE
 * - others: SAT_SENSOR_20260601T031541_O12345_P012_R045_L1B.tar.gz
 */
export function fileName(n: NameInput): string {
  const { day, time } = stamp(n.acquiredAt)
  const sat = n.satellite
  if (sat.startsWith('LANDSAT-')) {
    const mission = sat === 'LANDSAT-7' ? 'LE07' : `LC0${sat.slice(-1)}`
    const processed = stamp(new Date(n.acquiredAt.getTime() + 2 * 86_400_000)).day
    return `${mission}_L1TP_${pad(n.path, 3)}${pad(n.row, 3)}_${day}_${processed}_02_T1.tar`
  }
  if (sat.startsWith('SENTINEL-2')) {
    const tile = mgrsForward([n.lon, n.lat], 0)
    const processed = stamp(new Date(n.acquiredAt.getTime() + 3 * 3_600_000))
    return `S2${sat.slice(-1)}_MSI${n.productLevel === 'L2A' ? 'L2A' : 'L1C'}_${day}T${time}_N0511_R${pad(n.path, 3)}_T${tile}_${processed.day}T${processed.time}.SAFE`
  }
  if (sat.startsWith('SENTINEL-1')) {
    const stop = stamp(new Date(n.acquiredAt.getTime() + n.seconds * 1000))
    const take = (n.productNumber % 0xffffff).toString(16).toUpperCase().padStart(6, '0')
    const crc = (n.productNumber % 0xffff).toString(16).toUpperCase().padStart(4, '0')
    return `S1${sat.slice(-1)}_IW_GRDH_1SDV_${day}T${time}_${stop.day}T${stop.time}_${pad(n.orbit, 6)}_${take}_${crc}.SAFE`
  }
  if (/^(GF|ZY|CB|JL|TH|LT|ZHUHAI|SUPERVIEW|DMC3|GFDM|OVS)/.test(sat)) {
    const code = sat.replaceAll('-', '')
    return `${code}_${n.sensor}_E${n.lon.toFixed(1)}_N${n.lat.toFixed(1)}_${day}_${n.productLevel}${pad(n.productNumber, 10)}.tar.gz`
  }
  return `${sat}_${n.sensor}_${day}T${time}_O${pad(n.orbit, 5)}_P${pad(n.path, 3)}_R${pad(n.row, 3)}_${n.productLevel}.tar.gz`.replace(
    /[^A-Za-z0-9_.+-]/g,
    '_',
  )
}

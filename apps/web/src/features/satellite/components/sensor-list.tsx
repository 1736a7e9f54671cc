import type { SatelliteSensor as Sensor, SensorBand } from '@rs/shared'
import { Descriptions } from 'antd'
import { useT } from '../../../lib/i18n'
import { DASH, formatFigure, unconfirmed, uniqueKeys } from '../utils/format'
import { Chip } from './chip'

type BandObject = Exclude<SensorBand, string>

function bandRange(band: BandObject): string {
  if (band.rangeNm !== undefined) return `${band.rangeNm} nm`
  if (band.rangeUm !== undefined) return `${band.rangeUm} µm`
  return DASH
}

function Bands({ bands }: { bands: SensorBand[] }) {
  const t = useT()
  const texts = bands.filter((b): b is string => typeof b === 'string')
  const objects = bands.filter((b): b is BandObject => typeof b !== 'string')
  if (bands.length === 0) return <span className="satellite-muted">{t('satellitePage.sensors.noBands')}</span>
  const hasGsd = objects.some((b) => b.gsdM !== undefined)
  const hasCount = objects.some((b) => b.count !== undefined)
  const bandKeys = uniqueKeys(objects.map((b) => `${b.name ?? ''}|${bandRange(b)}`))
  return (
    <div className="satellite-bands">
      {texts.length > 0 && (
        <ul className="satellite-bands__texts">
          {texts.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      {objects.length > 0 && (
        <table className="satellite-table satellite-table--small">
          <thead>
            <tr>
              <th>{t('satellitePage.sensors.bandName')}</th>
              <th>{t('satellitePage.sensors.bandRange')}</th>
              {hasGsd && <th>{t('satellitePage.sensors.bandGsd')}</th>}
              {hasCount && <th>{t('satellitePage.sensors.bandCount')}</th>}
            </tr>
          </thead>
          <tbody>
            {objects.map((b, i) => (
              <tr key={bandKeys[i]}>
                <td>{b.name ?? DASH}</td>
                <td>{bandRange(b)}</td>
                {hasGsd && <td>{formatFigure(t, b.gsdM, 'satellitePage.sensors.metres')}</td>}
                {hasCount && <td>{b.count ?? DASH}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}

function Resolution({ sensor }: { sensor: Sensor }) {
  const t = useT()
  const parts = (['panchromatic', 'multispectral', 'other'] as const).flatMap((kind) => {
    const value = sensor.gsdM[kind]
    return value === undefined ? [] : [{ kind, text: formatFigure(t, value, 'satellitePage.sensors.metres') }]
  })
  if (parts.length === 0) return <>{unconfirmed(t)}</>
  return (
    <ul className="satellite-plain-list satellite-plain-list--inline">
      {parts.map((p) => (
        <li key={p.kind}>
          <span className="satellite-muted">{t('satellitePage.labelled', { label: t(`satellitePage.sensors.${p.kind}`), value: '' })}</span>
          {p.text}
        </li>
      ))}
    </ul>
  )
}

/** Every sensor of a series: type, ground resolution (pan / multispectral / other), swath and bands; 待核实 where the sources gave no figure. */
export function SensorList({ sensors }: { sensors: Sensor[] }) {
  const t = useT()
  if (sensors.length === 0) return <p className="satellite-muted">{t('satellitePage.sensors.empty')}</p>
  const keys = uniqueKeys(sensors.map((s) => s.name ?? DASH))
  return (
    <div className="satellite-sensors" data-testid="satellite-sensors">
      {sensors.map((sensor, i) => (
        <section key={keys[i]} className="satellite-sensor" data-testid="satellite-sensor">
          <h3 className="satellite-sensor__name">
            {sensor.name ?? DASH}
            {sensor.type && <Chip className="satellite-sensor__type">{sensor.type}</Chip>}
          </h3>
          <Descriptions
            size="small"
            bordered
            column={1}
            styles={{ label: { width: 112, whiteSpace: 'nowrap' } }}
            items={[
              { key: 'res', label: t('satellitePage.sensors.resolution'), children: <Resolution sensor={sensor} /> },
              {
                key: 'swath',
                label: t('satellitePage.sensors.swath'),
                children: formatFigure(t, sensor.swathKm, 'satellitePage.sensors.km'),
              },
              { key: 'bands', label: t('satellitePage.sensors.bands'), children: <Bands bands={sensor.bands} /> },
            ]}
          />
        </section>
      ))}
    </div>
  )
}

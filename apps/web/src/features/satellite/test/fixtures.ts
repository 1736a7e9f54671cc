import { parseSatelliteFacts, type SatelliteTle } from '@rs/shared'

// Entries of data/satellites/satellites.json (texts as the file gives them) in the shape of the detail API's answer:
// sources named, the launch caveat derived, no maintainers' notes; the *_FACTS are those answers.

/** 高分一号 (gf1). */
const GF1_ENTRY = {
  slug: 'gf1',
  nameZh: '高分一号卫星',
  nameEn: 'GF-1 (GaoFen-1)',
  country: 'CN',
  operator: 'CNSA / CHEOS programme (Earth Observation System and Data Center)',
  category: 'optical',
  status: 'operational',
  members: [
    {
      name: 'GF-1 01',
      noradId: 39150,
      cospar: '2013-018A',
      launchDate: '2013-04-26',
      status: 'operational',
      orbitFromTle: {
        epoch: '2026-06-13T21:04:14Z',
        meanAltitudeKm: 640,
        inclinationDeg: 97.91,
        periodMin: 97.5,
        eccentricity: 0.0015727,
        ltdnApprox: '10:19',
        ltanApprox: '22:19',
      },
    },
  ],
  orbit: {
    type: 'sun-synchronous',
    altitudeKm: 645,
    inclinationDeg: 98.0506,
    localTimeOfDescendingNode: '10:30',
    revisitDays: '4 (PMS with ±35° roll); 2 (WFV)',
  },
  sensors: [
    {
      name: 'PMS pan/multispectral camera (×2)',
      type: 'optical',
      bands: [
        {
          name: 'PAN',
          rangeUm: '0.45-0.90',
        },
        {
          name: 'B1 blue',
          rangeUm: '0.45-0.52',
        },
        {
          name: 'B2 green',
          rangeUm: '0.52-0.59',
        },
        {
          name: 'B3 red',
          rangeUm: '0.63-0.69',
        },
        {
          name: 'B4 NIR',
          rangeUm: '0.77-0.89',
        },
      ],
      gsdM: {
        panchromatic: 2,
        multispectral: 8,
      },
      swathKm: 60,
    },
    {
      name: 'WFV wide-field-view camera (×4)',
      type: 'optical multispectral',
      bands: [
        {
          name: 'B1 blue',
          rangeUm: '0.45-0.52',
        },
        {
          name: 'B2 green',
          rangeUm: '0.52-0.59',
        },
        {
          name: 'B3 red',
          rangeUm: '0.63-0.69',
        },
        {
          name: 'B4 NIR',
          rangeUm: '0.77-0.89',
        },
      ],
      gsdM: {
        multispectral: 16,
      },
      swathKm: 800,
    },
  ],
  summary:
    '高分一号是国家高分辨率对地观测系统重大专项的首发星，2013年4月26日由长征二号丁火箭发射。卫星搭载两台2米全色/8米多光谱相机和四台16米多光谱宽幅相机，宽幅相机组合幅宽约800公里。其设计突出高空间分辨率与高时间分辨率结合，运行于约645公里的太阳同步轨道。',
  sources: [
    {
      publisher: 'CelesTrak',
      title: 'GF-1 01 卫星编目记录（NORAD 39150）',
      url: 'https://celestrak.org/satcat/records.php?CATNR=39150',
    },
    {
      publisher: '美国国家航空航天局空间科学数据协调档案馆（NSSDCA）',
      title: 'GF-1 01 航天器档案（2013-018A）',
      url: 'https://nssdc.gsfc.nasa.gov/nmc/spacecraft/display.action?id=2013-018A',
    },
  ],
  unconfirmed: ['operator attribution'],
}

/** 高分四号 (gf4): geostationary; launched before 08:00 Beijing time. */
const GF4_ENTRY = {
  slug: 'gf4',
  nameZh: '高分四号卫星',
  nameEn: 'GF-4 (GaoFen-4)',
  country: 'CN',
  operator: 'CNSA / CHEOS programme',
  category: 'optical',
  status: 'operational',
  members: [
    {
      name: 'GF-4',
      noradId: 41194,
      cospar: '2015-083A',
      launchDate: '2015-12-29',
      status: 'operational',
      launchCaveat: { kind: 'beijingEarly', utcDate: '2015-12-28' },
      orbitFromTle: {
        epoch: '2026-06-13T20:51:07Z',
        meanAltitudeKm: 35787,
        inclinationDeg: 0.35,
        periodMin: 1436.1,
        eccentricity: 0.0004338,
      },
    },
  ],
  orbit: {
    type: 'geostationary',
    altitudeKm: 35786,
  },
  sensors: [
    {
      name: 'Staring camera – VNIR (pan/multispectral)',
      type: 'optical',
      gsdM: {
        other: 50,
      },
      swathKm: '>400 (better than 500 per one source)',
    },
    {
      name: 'Staring camera – MWIR',
      type: 'thermal infrared',
      gsdM: {
        other: 400,
      },
      swathKm: '>400',
    },
  ],
  summary:
    '高分四号是我国首颗地球同步轨道高分辨率光学成像卫星，2015年12月29日在西昌发射，2016年6月投入使用。它利用大口径面阵凝视相机获取可见光50米、中波红外400米分辨率影像，单景幅宽达数百公里。卫星可对中国及周边地区长期凝视，服务于减灾、气象、林火和地震等应急监测。',
  sources: [
    { publisher: '经济日报', title: '高分四号卫星的报道', url: 'http://paper.ce.cn/jjrb/html/2016-02/04/content_291353.htm' },
    {
      publisher: 'CelesTrak',
      title: 'GF-4 卫星编目记录（NORAD 41194）',
      url: 'https://celestrak.org/satcat/records.php?CATNR=41194',
    },
  ],
  unconfirmed: ['sub-satellite longitude'],
}

/** Landsat (landsat): three members, bands with their own resolution. */
const LANDSAT_ENTRY = {
  slug: 'landsat',
  nameZh: '陆地卫星（Landsat）',
  nameEn: 'Landsat 7/8/9',
  country: 'US',
  operator: 'NASA / USGS',
  category: 'optical',
  status: 'operational',
  members: [
    {
      name: 'Landsat 7',
      noradId: 25682,
      cospar: '1999-020A',
      launchDate: null,
      status: 'retired',
      orbitFromTle: {
        epoch: '2025-08-13T23:10:26Z',
        meanAltitudeKm: 682,
        inclinationDeg: 97.86,
        periodMin: 98.4,
        eccentricity: 0.0001408,
        ltdnApprox: '06:24',
        ltanApprox: '18:24',
      },
    },
    {
      name: 'Landsat 8',
      noradId: 39084,
      cospar: '2013-008A',
      launchDate: '2013-02-11',
      status: 'operational',
      orbitFromTle: {
        epoch: '2026-06-13T19:08:00Z',
        meanAltitudeKm: 703,
        inclinationDeg: 98.23,
        periodMin: 98.8,
        eccentricity: 0.0001379,
        ltdnApprox: '10:11',
        ltanApprox: '22:11',
      },
    },
    {
      name: 'Landsat 9',
      noradId: 49260,
      cospar: '2021-088A',
      launchDate: '2021-09-27',
      status: 'operational',
      orbitFromTle: {
        epoch: '2026-06-13T18:18:44Z',
        meanAltitudeKm: 703,
        inclinationDeg: 98.23,
        periodMin: 98.8,
        eccentricity: 0.0001439,
        ltdnApprox: '10:12',
        ltanApprox: '22:12',
      },
    },
  ],
  orbit: {
    type: 'sun-synchronous',
    altitudeKm: 705,
    inclinationDeg: 98.2,
    localTimeOfDescendingNode: '10:00 ±15 min (Landsat 8)',
    revisitDays: '16 per satellite; 8 with L8+L9',
  },
  sensors: [
    {
      name: 'OLI / OLI-2 + TIRS / TIRS-2',
      type: 'optical multispectral + thermal',
      bands: [
        {
          name: 'B1 coastal/aerosol',
          rangeNm: '433-453',
          gsdM: 30,
        },
        {
          name: 'B2 blue',
          rangeNm: '450-515',
          gsdM: 30,
        },
        {
          name: 'B3 green',
          rangeNm: '525-600',
          gsdM: 30,
        },
        {
          name: 'B4 red',
          rangeNm: '630-680',
          gsdM: 30,
        },
        {
          name: 'B5 NIR',
          rangeNm: '845-885',
          gsdM: 30,
        },
        {
          name: 'B6 SWIR1',
          rangeNm: '1560-1660',
          gsdM: 30,
        },
        {
          name: 'B7 SWIR2',
          rangeNm: '2100-2300',
          gsdM: 30,
        },
        {
          name: 'B8 pan',
          rangeNm: '500-680',
          gsdM: 15,
        },
        {
          name: 'B9 cirrus',
          rangeNm: '1360-1390',
          gsdM: 30,
        },
        {
          name: 'B10 TIR1',
          rangeNm: '10300-11300',
          gsdM: 100,
        },
        {
          name: 'B11 TIR2',
          rangeNm: '11500-12500',
          gsdM: 100,
        },
      ],
      gsdM: {
        panchromatic: 15,
        multispectral: 30,
        other: '100 (thermal)',
      },
      swathKm: 185,
    },
    {
      name: 'ETM+ (Landsat 7)',
      type: 'optical multispectral',
    },
  ],
  summary:
    'Landsat是美国NASA与USGS合作的陆地观测卫星系列，自1972年延续至今，是长期地表变化监测的基准数据源。Landsat 8于2013年2月发射，Landsat 9于2021年9月发射，两星运行于705公里太阳同步轨道、相位相差8天，联合重访8天。OLI/TIRS载荷提供11个波段，全色15米、多光谱30米、热红外100米，幅宽185公里。',
  sources: [
    {
      publisher: '英国《卫报》',
      title: 'Landsat 9 完成在轨测试后的报道',
      url: 'https://www.theguardian.com/science/2022/feb/04/landsat-9-continues-to-monitor-earth-as-post-launch-review-ends',
    },
    {
      publisher: 'Directions Magazine',
      title: '民用高分辨率卫星成像的起源（第二部分）',
      url: 'https://www.directionsmag.com/entry/the-origins-of-high-resolution-civilian-satellite-imaging-part-2-civil/307714',
    },
  ],
  unconfirmed: [
    'Landsat 7 launch day (1999-04-15) and end-of-mission date',
    'Landsat 8 band ranges assumed equal to Landsat 9 list (source lists L9)',
  ],
}

/** GF-1 01's elements in data/satellites/tle/resource.tle, in the shape of GET /api/satellite/tle. */
export const GF1_TLE: SatelliteTle[] = [
  {
    slug: 'gf1',
    member: 'GF-1 01',
    noradId: 39150,
    line1: '1 39150U 13018A   26164.87794749  .00000016  00000+0  96064-5 0  9991',
    line2: '2 39150  97.9101 237.0128 0015727 278.3165  81.6262 14.76531261707751',
    epoch: '2026-06-13T21:04:14.663Z',
  },
]

/** An answer of the portal's envelope. */
export function envelope(data: unknown, code = 0, status = 200): Response {
  return new Response(JSON.stringify({ code, message: code === 0 ? 'success' : '未找到该卫星', data }), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

export const GF1_FACTS = parseSatelliteFacts(GF1_ENTRY)
export const GF4_FACTS = parseSatelliteFacts(GF4_ENTRY)
export const LANDSAT_FACTS = parseSatelliteFacts(LANDSAT_ENTRY)

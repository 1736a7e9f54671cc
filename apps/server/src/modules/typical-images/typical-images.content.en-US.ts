import type { TypicalImageKey } from '@rs/shared'

/**
 * The English texts of a typical-image sample, written for the portal from the same facts as the
 * Chinese ones (typical-images.content.ts): the figure values in the order of its `figures`, and the
 * labels its scene draws.
 */
export interface TypicalImageTextsEn {
  satellite: string
  sensor: string
  title: string
  shows: string
  howTaken: string
  figures: string[]
  scene?: { swathLabel?: string; laser?: string; altitudeLabel?: string; areaLabel?: string }
}

const ZY3 = 'ZY-3'
const ZY3_ORBIT = 'Sun-synchronous, about 506 km'
const GF7_LASER = { laser: 'footprint under 30 m, 3 Hz' }

export const TYPICAL_IMAGE_CONTENT_EN: Record<TypicalImageKey, TypicalImageTextsEn> = {
  'zy3-mux': {
    satellite: ZY3,
    sensor: 'Multispectral camera',
    title: 'ZY-3 multispectral image',
    shows:
      'A colour image composed from multispectral bands: vegetation, water, bare soil and built-up land reflect each band differently and so take different colours, which serves land-use classification and change detection.',
    howTaken:
      'The multispectral camera images in push-broom fashion: a line of detectors records the ground row by row in several bands as the satellite flies, at a design resolution better than 10 m. The satellite flies a sun-synchronous orbit at about 506 km, inclined 97.5°.',
    figures: ['Multispectral camera', 'Push-broom imaging', 'Better than 10 m (design)', ZY3_ORBIT],
  },
  'zy3-pan': {
    satellite: ZY3,
    sensor: 'Three-line-array stereo camera (nadir)',
    title: 'ZY-3 panchromatic nadir image',
    shows:
      'A panchromatic (black-and-white) image from the nadir camera with sharp ground texture, the basis of stereo mapping and orthoimages.',
    howTaken:
      'The nadir camera of the three-line-array stereo camera looks straight down and images in push-broom fashion at a design resolution better than 2.5 m; the forward and backward cameras image the same ground as the satellite approaches and leaves, and the three views together make the stereo.',
    figures: [
      'Three-line-array stereo camera, nadir',
      'Push-broom imaging, straight down',
      'Panchromatic better than 2.5 m (design)',
      ZY3_ORBIT,
    ],
  },
  'zy3-fwd': {
    satellite: ZY3,
    sensor: 'Three-line-array stereo camera (forward)',
    title: 'ZY-3 forward image',
    shows:
      'A panchromatic image taken looking obliquely ahead; with the nadir and backward images it forms stereo pairs, from which ground heights and digital surface models are derived.',
    howTaken:
      'As the satellite approaches a target, the forward camera images it in push-broom fashion at a forward-tilted angle, at a design resolution better than 4 m; the nadir and backward cameras then image the same ground, and the images from different angles make the stereo.',
    figures: [
      'Three-line-array stereo camera, forward',
      'Push-broom imaging, tilted forward',
      'Panchromatic better than 4 m (design)',
      ZY3_ORBIT,
    ],
  },
  'zy3-bwd': {
    satellite: ZY3,
    sensor: 'Three-line-array stereo camera (backward)',
    title: 'ZY-3 backward image',
    shows:
      'A panchromatic image taken looking back; with the forward and nadir images it makes the stereo, suited to measuring relief and building heights.',
    howTaken:
      'After the satellite has passed a target, the backward camera images the same ground again at a backward-tilted angle, in push-broom fashion, at a design resolution better than 4 m.',
    figures: [
      'Three-line-array stereo camera, backward',
      'Push-broom imaging, tilted backward',
      'Panchromatic better than 4 m (design)',
      ZY3_ORBIT,
    ],
  },
  gf1: {
    satellite: 'GF-1',
    sensor: 'Panchromatic and multispectral camera (PMS)',
    title: 'GF-1 panchromatic and multispectral image',
    shows:
      'A colour image fusing 2 m panchromatic and 8 m multispectral data, with both detail and colour; often used to monitor land use, crops and urban and rural construction.',
    howTaken:
      'Two panchromatic/multispectral cameras image side by side in push-broom fashion over a combined swath of 60 km: the panchromatic band, 0.45–0.90 µm, at 2 m, and four multispectral bands (blue, green, red, near infrared) at 8 m. Four wide-field cameras on board together cover about 800 km at 16 m. The satellite flies a sun-synchronous orbit at about 645 km with its descending node at 10:30 local time.',
    figures: [
      'PMS cameras (two)',
      'Pan 2 m, multispectral 8 m',
      '60 km (two cameras)',
      'Pan 0.45–0.90 µm; blue, green, red, NIR',
      'Sun-synchronous, ~645 km, node 10:30',
    ],
    scene: { swathLabel: '60 km' },
  },
  gf2: {
    satellite: 'GF-2',
    sensor: 'Panchromatic and multispectral cameras (two)',
    title: 'GF-2 metre-class panchromatic and multispectral image',
    shows:
      'Panchromatic and multispectral images of metre-class resolution that show roads, buildings and field boundaries, suited to detailed monitoring of cities and land.',
    howTaken:
      'Two panchromatic/multispectral cameras image in push-broom fashion, at 1 m class panchromatic and 4 m class multispectral resolution, over a 45 km swath. The satellite flies a sun-synchronous orbit.',
    figures: [
      'Panchromatic and multispectral cameras (two)',
      'Push-broom imaging',
      'Panchromatic 1 m class, multispectral 4 m class',
      '45 km',
      'Sun-synchronous',
    ],
    scene: { swathLabel: '45 km' },
  },
  gf4: {
    satellite: 'GF-4',
    sensor: 'Staring area-array camera',
    title: 'GF-4 staring image',
    shows:
      'A wide image taken from geosynchronous orbit, each scene several hundred kilometres across, suited to watching fast-changing events such as cloud systems, fires and floods.',
    howTaken:
      'The satellite sits in geosynchronous orbit about 35786 km up, almost still relative to the ground, and its area-array camera stares at one area and images it continuously on demand: 50 m in the visible and near infrared, 400 m in the mid-wave infrared, each scene more than 400 km wide.',
    figures: [
      'Staring area-array camera',
      'Staring imaging, continuous on demand',
      'Visible and near infrared 50 m, mid-wave infrared 400 m',
      'More than 400 km',
      'Geosynchronous, about 35786 km',
    ],
    scene: { altitudeLabel: 'about 35786 km', areaLabel: 'over 400 km' },
  },
  'gf7-mux': {
    satellite: 'GF-7',
    sensor: 'Two-line-array stereo camera (multispectral)',
    title: 'GF-7 multispectral image',
    shows:
      'A multispectral colour image at 3.2 m that can be fused with the sub-metre panchromatic image for detailed feature recognition and mapping.',
    howTaken:
      'While taking panchromatic stereo images, the two-line-array stereo camera also records multispectral images in push-broom fashion, at 3.2 m over a 20 km swath. The satellite flies a sun-synchronous orbit.',
    figures: ['Two-line-array stereo camera', 'Push-broom imaging', 'Multispectral 3.2 m', '20 km', 'Sun-synchronous'],
    scene: { swathLabel: '20 km' },
  },
  'gf7-fwd': {
    satellite: 'GF-7',
    sensor: 'Two-line-array stereo camera (forward)',
    title: 'GF-7 forward image',
    shows:
      'A sub-metre panchromatic image from the forward camera; with the backward image it forms stereo pairs for large-scale stereo mapping.',
    howTaken:
      'As the satellite approaches a target, the forward camera images it tilted forward in push-broom fashion, and the backward camera later looks back at the same ground: panchromatic better than 0.8 m over a 20 km swath. A two-beam laser altimeter ranges the ground at 3 Hz with footprints under 30 m across, giving height control for the stereo images.',
    figures: [
      'Two-line-array stereo camera, forward',
      'Push-broom imaging, tilted forward',
      'Panchromatic better than 0.8 m',
      '20 km',
      'Sun-synchronous',
    ],
    scene: GF7_LASER,
  },
  'gf7-bwd': {
    satellite: 'GF-7',
    sensor: 'Two-line-array stereo camera (backward)',
    title: 'GF-7 backward image',
    shows:
      'A sub-metre panchromatic image from the backward camera; with the forward image it makes the stereo, and it can be fused with the multispectral image.',
    howTaken:
      'After the satellite has passed a target, the backward camera images the same ground tilted backward in push-broom fashion: panchromatic better than 0.8 m, at best about 0.65 m, over a 20 km swath; the heights measured by the laser altimeter make the stereo mapping more accurate in height.',
    figures: [
      'Two-line-array stereo camera, backward',
      'Push-broom imaging, tilted backward',
      'Panchromatic better than 0.8 m (at best about 0.65 m)',
      '20 km',
      'Sun-synchronous',
    ],
    scene: GF7_LASER,
  },
  'lsar-1': {
    satellite: 'LuTan-1 group 01, satellite A',
    sensor: 'L-band synthetic aperture radar',
    title: 'L-SAR strip image (1)',
    shows:
      'A radar strip image: brightness shows how strongly the ground returns the signal, which differs between mountains, water, vegetation and buildings; clouds, rain and night do not hinder it.',
    howTaken:
      'The radar antenna, over 33 m² in area, sends L-band microwaves of about 23 cm wavelength obliquely to one side of the flight path and receives their echoes; as the satellite flies, these are synthesised into a continuous strip image. L-band penetrates vegetation well.',
    figures: ['L-band synthetic aperture radar', 'Side-looking strip imaging', 'About 23 cm (L-band)', 'Sun-synchronous'],
  },
  'lsar-2': {
    satellite: 'LuTan-1 group 01, satellite B',
    sensor: 'L-band synthetic aperture radar',
    title: 'L-SAR strip image (2)',
    shows:
      'Two radar strip images of the same area taken at different times can be combined by differential interferometry into a map of ground deformation, used to monitor subsidence, landslides and earthquake deformation.',
    howTaken:
      'Satellites A and B of LuTan-1 group 01 are of the same design. Flying in pursuit, they image the same strip one after the other along the same orbit, and differential interferometry measures ground deformation; flying in a helix, they image together for interferometric height measurement. A deformation map of China is renewed about every 28 days.',
    figures: [
      'L-band synthetic aperture radar (satellites A and B)',
      'Side-looking strip imaging',
      'About 23 cm (L-band)',
      'Pursuit (differential interferometry), helix (interferometric heights)',
    ],
  },
}

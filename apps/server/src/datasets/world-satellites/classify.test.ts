import { describe, expect, it } from 'vitest'
import {
  CATEGORIES,
  classifyPurpose,
  IMAGING_CATEGORIES,
  isImaging,
  isProgrammeLevel,
  JOINT_COUNTRY,
  operatorCountry,
  orbitClass,
  parseLaunchDate,
  plannedCategory,
  plannedPeriod,
  plannedSatellites,
  userGroup,
} from './classify'

describe('classifyPurpose', () => {
  it.each([
    // optical: every imaging word UCS uses, alone and combined
    ['Optical Imaging', 'optical'],
    ['Multispectral Imaging', 'optical'],
    ['Infrared Imaging', 'optical'],
    ['Video Imaging', 'optical'],
    ['Optical Imaging (video)', 'optical'],
    ['Optical Stereo Imaging', 'optical'],
    ['Thermal Imaging', 'optical'],
    ['Optical/Infrared Imaging', 'optical'],
    ['Optical/Video Imaging', 'optical'],
    ['Optical Imaging/Infrared Imaging', 'optical'],
    ['Optical, Near-Infrared', 'optical'],
    ['Optical Imaging/Meterology', 'optical'],
    ['Optical Imaging/Meteorology', 'optical'],
    ['Optical Imaging/Automatic Identification System (AIS)', 'optical'],
    ['Optical/Hyperspectral Imaging', 'optical'],
    // hyperspectral
    ['Hyperspectral Imaging', 'hyperspectral'],
    // radar: all SAR spellings
    ['Radar Imaging', 'radar'],
    ['Radar Imaging (SAR)', 'radar'],
    ['Synthetic Aperture Radar (SAR)', 'radar'],
    ['Synthetic Aperture Imaging', 'radar'],
    ['Radar Imaging/Earth Science', 'radar'],
    ['Radar Imaging/Electronic Intelligence', 'radar'],
    // meteorology, with the UCS typo
    ['Meteorology', 'meteorology'],
    ['Meterology', 'meteorology'],
    ['Meteorology/Earth Science', 'meteorology'],
    // earth science
    ['Earth Science', 'earthScience'],
    ['Earth Science/Meterology', 'earthScience'],
    ['Microwave Radiometer', 'earthScience'],
    // Spire: weather by radio occultation plus AIS, its own category
    ['Meteorology, Automatic Identification System (AIS)', 'weatherAis'],
    ['Automatic Identification System (AIS)', 'ais'],
    // signals intelligence and the like
    ['Electronic Intelligence', 'sigint'],
    ['Signals Intelligence', 'sigint'],
    ['Early Warning', 'sigint'],
    ['Radio Spectrum Monitoring', 'sigint'],
    ['Radio Frequency Monitoring', 'sigint'],
    ['Maritime Surveillance', 'sigint'],
    ['Radar Surveillance', 'sigint'],
    // no sensor named
    ['Remote Sensing', 'other'],
    ['AI Remote Sensing', 'other'],
    ['Maritime Observation', 'other'],
    ['Surveillance', 'other'],
    ['Laser Imaging', 'other'],
    ['Subsurface Imaging', 'other'],
    ['Technology Development', 'other'],
    ['Something nobody wrote yet', 'other'],
  ])('%s → %s', (detailed, expected) => {
    expect(classifyPurpose(detailed, 'Earth Observation')).toBe(expected)
  })

  it('ignores case and extra spaces', () => {
    expect(classifyPurpose('  radar   IMAGING (sar) ', 'Earth Observation')).toBe('radar')
    expect(classifyPurpose('METERology', 'Earth Observation')).toBe('meteorology')
    expect(classifyPurpose('meteorology,  automatic identification system (AIS)', 'x')).toBe('weatherAis')
  })

  it('uses the purpose only when the detailed purpose is blank', () => {
    expect(classifyPurpose('', 'Earth Science')).toBe('earthScience')
    expect(classifyPurpose(null, ' earth science ')).toBe('earthScience')
    expect(classifyPurpose('', 'Earth Observation')).toBe('unspecified')
    expect(classifyPurpose('   ', 'Earth Observation/Navigation')).toBe('unspecified')
    expect(classifyPurpose('', 'Earth Observation/Earth Science')).toBe('unspecified')
    expect(classifyPurpose('Optical Imaging', 'Earth Science')).toBe('optical')
  })
})

describe('isImaging', () => {
  it('is true for optical, hyperspectral and radar only', () => {
    expect(CATEGORIES.filter(isImaging)).toEqual(['optical', 'hyperspectral', 'radar'])
    expect([...IMAGING_CATEGORIES]).toEqual(['optical', 'hyperspectral', 'radar'])
  })
})

describe('userGroup', () => {
  it.each([
    ['Commercial', 'commercial'],
    ['Government', 'government'],
    ['Military', 'military'],
    ['Civil', 'civil'],
    ['Government/Civil', 'mixed'],
    ['Civil/Government', 'mixed'],
    ['Military/Government', 'mixed'],
    ['Government/Commercial', 'mixed'],
    ['Military/Commercial', 'mixed'],
    ['Military/Civil', 'mixed'],
    ['Government/Military', 'mixed'],
    [' commercial ', 'commercial'],
  ])('%s → %s', (users, expected) => {
    expect(userGroup(users)).toBe(expected)
  })

  it('refuses a word it does not know', () => {
    expect(() => userGroup('Amateur')).toThrow(/Amateur/)
    expect(() => userGroup('')).toThrow()
  })
})

describe('operatorCountry', () => {
  it('fixes the Sinapore typo and keeps other values', () => {
    expect(operatorCountry('Sinapore')).toBe('Singapore')
    expect(operatorCountry('Singapore')).toBe('Singapore')
    expect(operatorCountry('China')).toBe('China')
    expect(operatorCountry(' ESA ')).toBe('ESA')
    expect(operatorCountry('Taiwan')).toBe('Taiwan')
  })

  it('puts joint and multinational operators in one bucket', () => {
    for (const value of ['China/Brazil', 'USA/Japan', 'France/Italy/Belgium/Spain/Greece', 'Multinational']) {
      expect(operatorCountry(value)).toBe(JOINT_COUNTRY)
    }
  })
})

describe('orbitClass', () => {
  it('reads the classes case-insensitively, LEo included', () => {
    expect(orbitClass('LEo')).toBe('LEO')
    expect(orbitClass('LEO')).toBe('LEO')
    expect(orbitClass('elliptical')).toBe('Elliptical')
    expect(orbitClass('GEO')).toBe('GEO')
    expect(orbitClass('MEO')).toBe('MEO')
  })

  it('refuses an unknown class', () => {
    expect(() => orbitClass('HEO')).toThrow(/HEO/)
  })
})

describe('parseLaunchDate', () => {
  it('takes ISO dates as they are', () => {
    expect(parseLaunchDate('2022-01-13', '2022-002A')).toEqual({ date: '2022-01-13', year: 2022, note: null })
  })

  it('repairs the three-digit year of Cicero-8 from its COSPAR number', () => {
    expect(parseLaunchDate('11/29/018', '2018-096U')).toEqual({ date: '2018-11-29', year: 2018, note: 'repaired' })
    expect(parseLaunchDate('3/7/2020', '2020-001A')).toEqual({ date: '2020-03-07', year: 2020, note: 'repaired' })
  })

  it('does not guess a year the COSPAR number does not confirm', () => {
    expect(parseLaunchDate('11/29/018', '2019-001A')).toEqual({ date: null, year: 2019, note: 'yearFromCospar' })
  })

  it('takes the year of a blank date from the COSPAR number (BlackSky Global 5)', () => {
    expect(parseLaunchDate('', '2023-041C')).toEqual({ date: null, year: 2023, note: 'yearFromCospar' })
  })

  it('refuses impossible dates', () => {
    expect(parseLaunchDate('2023-02-30', '2023-010A')).toEqual({ date: null, year: 2023, note: 'yearFromCospar' })
    expect(parseLaunchDate('soon', 'none')).toEqual({ date: null, year: null, note: null })
  })
})

describe('planned missions', () => {
  it('maps the free-text categories', () => {
    expect(plannedCategory('meteorology (LEO, morning orbit; to replace FY-3C; 10 payloads)')).toBe('meteorology')
    expect(plannedCategory('meteorology / microwave (GEO)')).toBe('meteorology')
    expect(plannedCategory('radar (SAR/InSAR)')).toBe('radar')
    expect(plannedCategory('ocean color (optical)')).toBe('optical')
    expect(plannedCategory('carbon / ecosystem monitoring')).toBe('earthScience')
    expect(plannedCategory('atmospheric environment monitoring')).toBe('earthScience')
    expect(plannedCategory('land water resources')).toBe('other')
  })

  it('reads the planned period', () => {
    expect(plannedPeriod('2023 (scheduled for August)')).toBe('2023')
    expect(plannedPeriod('2023-2025')).toBe('2023-2025')
    expect(plannedPeriod('2022-2026 (white paper "next five years")')).toBe('2022-2026')
    expect(plannedPeriod('by 2025 (plan announced 2016)')).toBe('by-2025')
    expect(() => plannedPeriod('later')).toThrow()
  })

  it('counts the satellites of programme-level rows', () => {
    expect(plannedSatellites('Fengyun-3 series: 4 satellites')).toBe(4)
    expect(plannedSatellites('Fengyun-2 series: 1 satellite')).toBe(1)
    expect(plannedSatellites('Other meteorological satellites: 6')).toBe(6)
    expect(plannedSatellites('Fengyun-3F (FY-3F)')).toBe(1)
    expect(isProgrammeLevel('Fengyun-2 series: 1 satellite')).toBe(true)
    expect(isProgrammeLevel('Fengyun-3F (FY-3F)')).toBe(false)
  })
})

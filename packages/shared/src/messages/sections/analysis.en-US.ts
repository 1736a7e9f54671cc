import type { Messages } from '../zh-CN'

/**
 * English words of the analysis pages and of the analysis API's titles and sentences; every key of
 * analysisZh. Country names are those of the UCS database, which writes them in English.
 */
export const analysisEn: Messages['analysis'] = {
  title: 'Analysis',
  source: 'Union of Concerned Scientists (UCS) Satellite Database, 1 May 2023 edition (ucsusa.org/resources/satellite-database)',
  sourceWithPlans: '{ucs}; planned missions: {sources}',
  sourceNamed: '{publisher}: {title}',
  listSeparator: ', ',
  pages: {
    'general-statistic': 'Earth-observation satellites in orbit worldwide: overview',
    'country-analysis': 'Earth-observation satellites by country and region',
    'categories-statistic': 'Earth-observation satellites by category',
    'investment-pattern-analysis': 'Earth-observation satellites by investment pattern',
    'level-contrast': 'China compared with other countries and organisations',
    'development-plan': "China's Earth-observation satellite plans",
  },
  categories: {
    optical: 'Optical imaging',
    hyperspectral: 'Hyperspectral imaging',
    radar: 'Radar imaging',
    meteorology: 'Meteorology',
    earthScience: 'Earth science',
    weatherAis: 'Radio occultation weather and ship identification',
    ais: 'Ship identification (AIS)',
    sigint: 'Electronic intelligence and spectrum monitoring',
    other: 'Other Earth observation',
    unspecified: 'Purpose not specified',
  },
  groups: {
    imaging: 'Imaging remote sensing',
    nonImaging: 'Non-imaging Earth observation',
    unspecified: 'Purpose not specified',
  },
  users: {
    commercial: 'Commercial',
    government: 'Government',
    military: 'Military',
    civil: 'Civil (research and education)',
    mixed: 'Mixed users',
  },
  orbits: {
    LEO: 'Low Earth orbit (LEO)',
    MEO: 'Medium Earth orbit (MEO)',
    GEO: 'Geostationary orbit (GEO)',
    Elliptical: 'Elliptical orbit',
  },
  resolution: {
    '1': 'Level 1 (≤1 m)',
    '2': 'Level 2 (1–4 m)',
    '3': 'Level 3 (4–16 m)',
    '4': 'Level 4 (>16 m or no figure)',
  },
  periods: {
    year: '{year}',
    range: '{from}–{to}',
    by: 'by {year}',
  },
  china: 'China',
  others: 'Other countries and organisations',
  blankPurpose: '(blank; purpose: {purpose})',
  higher: 'above',
  lower: 'below',
  equal: 'equal to',
  countries: {
    joint: 'Joint/multinational',
    Multinational: 'Multinational',
    USA: 'USA',
    China: 'China',
    Russia: 'Russia',
    Argentina: 'Argentina',
    Japan: 'Japan',
    India: 'India',
    France: 'France',
    Finland: 'Finland',
    Luxembourg: 'Luxembourg',
    ESA: 'European Space Agency (ESA)',
    Germany: 'Germany',
    Canada: 'Canada',
    Taiwan: 'Taiwan, China',
    'South Korea': 'South Korea',
    Italy: 'Italy',
    Israel: 'Israel',
    'United Kingdom': 'United Kingdom',
    Spain: 'Spain',
    'United Arab Emirates': 'United Arab Emirates',
    Turkey: 'Turkey',
    Norway: 'Norway',
    Poland: 'Poland',
    Brazil: 'Brazil',
    Singapore: 'Singapore',
    Australia: 'Australia',
    'South Africa': 'South Africa',
    'Saudi Arabia': 'Saudi Arabia',
    Denmark: 'Denmark',
    Algeria: 'Algeria',
    Mexico: 'Mexico',
    Egypt: 'Egypt',
    Kazakhstan: 'Kazakhstan',
    Indonesia: 'Indonesia',
    Thailand: 'Thailand',
    Chile: 'Chile',
    Ethiopia: 'Ethiopia',
    Colombia: 'Colombia',
    Iran: 'Iran',
    Vietnam: 'Vietnam',
    Morocco: 'Morocco',
    Nigeria: 'Nigeria',
    Pakistan: 'Pakistan',
    Venezuela: 'Venezuela',
    Austria: 'Austria',
    Belgium: 'Belgium',
    Belarus: 'Belarus',
    Netherlands: 'Netherlands',
    Slovenia: 'Slovenia',
    Sweden: 'Sweden',
    Peru: 'Peru',
    Ukraine: 'Ukraine',
    Sudan: 'Sudan',
    Kenya: 'Kenya',
    Iraq: 'Iraq',
    Estonia: 'Estonia',
    Greece: 'Greece',
  },
  units: {
    satellites: 'satellites',
    percent: '%',
    entries: 'entries',
    countries: '',
  },
  columns: {
    category: 'Category',
    group: 'Type',
    count: 'Satellites',
    share: 'Share',
    orbit: 'Orbit class',
    year: 'Launch year',
    rank: 'Rank',
    country: 'Country/region',
    imaging: 'Of which imaging',
    user: 'User type',
    operator: 'Operator (as UCS writes it)',
    mainUser: 'Main user type',
    china: 'China',
    others: 'Other countries and organisations',
    chinaShare: 'China share',
    othersShare: 'Others share',
    level: 'Resolution level',
    name: 'Name',
    plannedYear: 'Planned for',
    period: 'Planned period',
    satellites: 'Satellites',
    entries: 'Entries',
    source: 'Source',
    sourceDate: 'Source date',
    detailedPurpose: 'Detailed purpose (as UCS writes it)',
    total: 'Total',
  },
  figures: {
    byCategory: 'By category',
    byOrbit: 'By orbit class',
    byLaunchYear: 'Satellites in orbit by launch year',
    imagingVsOther: 'Imaging remote sensing and other Earth observation',
    topCountries: 'Countries and regions operating the most satellites (top {n})',
    countryByCategory: 'Categories of the top {n} countries and regions',
    countryTable: 'Earth-observation satellites in orbit per country and region',
    categoryTable: 'Satellites and share per category',
    categoryByYear: 'Categories of satellites launched {from}–{to} and still in orbit',
    purposeMapping: 'UCS detailed purposes and the portal categories they fall in',
    byUser: 'By user type',
    userByYear: 'User types of satellites launched {from}–{to} and still in orbit',
    topOperators: 'Operators with the most satellites in orbit (top {n})',
    chinaVsOthersByUser: 'User types: China and other countries and organisations',
    chinaVsOthersByYear: 'China and other countries and organisations by launch year ({from}–{to})',
    chinaVsOthersByCategory: 'China and other countries and organisations by category',
    chinaVsOthersByResolution: 'China and other countries and organisations by resolution level (matched satellites)',
    plannedMissions: "China's planned Earth-observation missions",
    plannedByPeriod: 'Planned missions by planned period',
    plannedByCategory: 'Planned missions by category',
    chinaTrend: "China's Earth-observation satellites in orbit by launch year",
  },
  counted: {
    allByCategory:
      'All {total} Earth-observation satellites operating on 1 May 2023 in the UCS database, each counted once. The category comes from the detailed purpose by the portal’s rules (variant spellings merged; with several purposes, the first one recognised). Where the detailed purpose is blank, only the purpose "Earth Science" counts as Earth science; the other {unspecified} satellites count as purpose not specified.',
    byOrbit:
      'Orbit class of all {total} Earth-observation satellites in orbit; the source’s "LEo" counts as low Earth orbit ({fixed} satellites).',
    byLaunchYear:
      'Launch years of the {total} satellites still operating on 1 May 2023, not the number launched each year: retired satellites are absent, and 2023 runs to 1 May only. The date "11/29/018" of Cicero-8 is read as 2018-11-29 from its COSPAR number; BlackSky Global 5 has no launch date and takes its year from its COSPAR number (2023).',
    imagingVsOther:
      'Imaging remote sensing means optical, hyperspectral and radar imaging; meteorology, Earth science, electronic intelligence and spectrum monitoring, ship identification and the like count as non-imaging Earth observation; {total} satellites in all.',
    topCountries:
      'Counted by operator country, each satellite once. Joint operations such as "China/Brazil" and "Multinational" ({joint} satellites) count as joint/multinational and are not ranked; ESA and Taiwan, China are listed on their own, and "Sinapore" counts as Singapore. The top {n} are listed, ties included ({rows} rows).',
    countryByCategory:
      'The {n} countries and regions operating the most satellites (joint/multinational left out), each satellite counted once under its portal category.',
    countryTable:
      'All {total} satellites by operator country: {countries} countries, regions and international organisations (the European Space Agency on its own), plus {joint} joint/multinational satellites at the end of the table; shares are of {total} satellites.',
    categoryTable:
      'All {total} satellites, each counted once under its portal category; shares are of {total} satellites. The first three categories are imaging remote sensing.',
    categoryByYear:
      'The {total} satellites launched {from}–{to} and still in orbit on 1 May 2023, counted by launch year and category; not the number launched each year, and {to} runs to 1 May only.',
    purposeMapping:
      'Every value of the UCS "detailed purpose" as written ({values} values, {total} satellites) and the portal category it falls in.',
    byUser:
      'All {total} satellites by the UCS "users" field; combinations such as "Government/Civil" ({mixed} satellites) count as mixed users, neither split nor given to the first user.',
    userByYear:
      'The {total} satellites launched {from}–{to} and still in orbit on 1 May 2023, counted by launch year and user type; {to} runs to 1 May only.',
    topOperators:
      'Grouped by the UCS "operator" as written together with the operator country (ministries of defence of the same name are told apart by country). The {n} operators with the most satellites in orbit are listed, ties included ({rows} rows, {total} satellites); the main user type is the most frequent user type among the operator’s satellites.',
    chinaVsOthersByUser:
      'China means the {china} satellites whose operator country is exactly "China"; other countries and organisations are the other {others} (joint operations with China included); each share is of its own total.',
    chinaVsOthersByYear:
      'Satellites launched {from}–{to} and still in orbit on 1 May 2023: China {china}, other countries and organisations {others} (China means operator country exactly "China"; joint operations count as others). Not the number launched each year; {to} runs to 1 May only.',
    chinaVsOthersByCategory:
      'All {total} satellites by portal category: China {china} (operator country exactly "China"), other countries and organisations {others}; the China share is the part of the category operated by China.',
    chinaVsOthersByResolution:
      'UCS has no resolution field: satellites are matched by NORAD number to the members in the portal’s satellite facts (data/satellites). Of {total}, {matched} are matched (China {china}, others {others}); the other {unmatched} are not counted. The resolution is the best ground resolution of any payload of the series, grouped by the portal’s resolution levels; the {noFigure} satellites whose series has no resolution figure count as level 4.',
    plannedMissions:
      'All {entries} entries of the planned-mission list (data/satellites-world/planned-missions.csv), each restating its source; not a complete plan. Programme-level entries count the satellites they state ({satellites} in all); every other entry counts one.',
    plannedByPeriod:
      'The {entries} planned missions grouped by the period their source gives, {satellites} satellites in all; "by 2025" is a plan published in 2016.',
    plannedByCategory:
      'The {entries} planned missions under the portal category of what their source says, {satellites} satellites in all.',
    chinaTrend:
      'The {total} satellites whose operator country is exactly "China" and still in orbit on 1 May 2023, by launch year ({imaging} of them imaging); not the number launched each year; {to} runs to 1 May only.',
  },
  notes: {
    launchYear: 'Satellites in orbit counted by launch year; retired satellites are absent.',
    plannedPartial:
      'The plan list is partial and mostly meteorological; whether most of its missions have launched since has not been checked.',
  },
  summary: {
    general: {
      total:
        'On 1 May 2023 the UCS database lists {total} Earth-observation satellites in operation, from {countries} countries, regions and international organisations, plus {joint} operated jointly by several countries.',
      imaging:
        '{imaging} of them ({imagingShare}%) are imaging remote-sensing satellites (optical, hyperspectral, radar); the largest category is {topCategory}, with {topCount} satellites.',
      orbit: '{leo} operate in low Earth orbit ({leoShare}%); {geo} are in geostationary orbit.',
      years:
        'By launch year, most satellites still in orbit were launched in {peakYear} ({peakCount}); the {recent} launched since {from} make up {recentShare}%.',
    },
    country: {
      spread:
        '{countries} countries, regions and international organisations operate Earth-observation satellites in orbit, and {joint} more are operated jointly by several countries.',
      leaders:
        '{first} leads with {firstCount} ({firstShare}%), followed by {second} with {secondCount} ({secondShare}%); together they hold {topTwoShare}%.',
      top: 'The top {n} ({rows} countries and regions) operate {topCount} satellites, {topShare}% of all.',
      china:
        'China (operator country exactly China) operates {china} satellites and ranks {chinaRank}; China also takes part in {chinaJoint} joint operations ({jointList}), counted as joint/multinational.',
      jointItem: '{name} {count}',
    },
    categories: {
      top: 'By detailed purpose, {top1} is the largest category with {n1} ({p1}%), followed by {top2} with {n2} and {top3} with {n3}.',
      imaging:
        'The three imaging categories hold {imaging} satellites: optical imaging {optical}, radar imaging {radar}, hyperspectral imaging {hyperspectral}.',
      nonImaging:
        '{nonImaging} satellites observe the Earth without imaging, among them {sigint} for electronic intelligence and spectrum monitoring and {weatherAis} for radio occultation weather and ship identification; UCS gives no classifiable detailed purpose for {unspecified} more.',
      recent:
        'Of the {recent} launched {from}–{to} and still in orbit, {imagingShare}% are imaging; most radar imaging satellites were launched in {radarPeakYear} ({radarPeak}).',
    },
    investment: {
      users:
        'Commercial users own {commercial} satellites ({commercialShare}%); government {government}, military {military} and civil {civil}, while {mixed} serve several kinds of users.',
      recent:
        'Of the {recent} launched {from}–{to} and still in orbit, {recentShare}% are commercial, {comparison} the {allShare}% among all satellites in orbit.',
      operators:
        'The operator with the most satellites in orbit is {operator} ({country}, {count}); the top {n} operators hold {topShare}% together.',
      china:
        "Of China's satellites, {chinaGovernment}% serve government users, {chinaCommercial}% commercial and {chinaMilitary}% military; for other countries and organisations the figures are {othersGovernment}%, {othersCommercial}% and {othersMilitary}%.",
    },
    level: {
      total:
        'China operates {china} Earth-observation satellites in orbit, {share}% of all; other countries and organisations operate {others}.',
      years:
        'Of the satellites launched {from}–{to} and still in orbit, {chinaRecent} are Chinese ({recentShare}%); the Chinese share was highest in {maxYear} ({maxShare}%).',
      imaging:
        'China operates {chinaImaging} imaging remote-sensing satellites, {imagingShare}% of all imaging satellites; {chinaRadar} of them image by radar (of {radar} in all).',
      resolution:
        'Of the {matched} satellites matched to a resolution by NORAD number, {chinaMatched} are Chinese, {chinaLevel1} of them level 1 (≤1 m); other countries and organisations have {othersMatched}, {othersLevel1} of them level 1.',
    },
    plan: {
      entries:
        'The plan list has {entries} entries standing for {satellites} satellites; {programme} entries are programme-level counts ({programmeSatellites} satellites).',
      categories: 'By category, {topCategory} has the most entries ({topEntries}); the other {rest} fall in other categories.',
      trend:
        'China has {china} Earth-observation satellites in orbit; the {recent} launched {from}–{to} make up {recentShare}%; the launch year with the most still in orbit is {peakYear} ({peakCount}).',
      partial:
        'The list is partial and mostly meteorological: it holds no detailed plans for the GaoFen, ZiYuan, ocean, environment or commercial constellations, and whether most missions have launched since has not been checked.',
    },
  },
  highlights: {
    total: 'Earth-observation satellites in orbit',
    imaging: 'Imaging remote-sensing satellites',
    countries: 'Countries, regions and organisations',
    leoShare: 'Share in low Earth orbit',
    topTwoShare: 'Share of the top two',
    category: '{name}',
    commercial: 'Commercial satellites',
    government: 'Government satellites',
    military: 'Military satellites',
    topOperator: 'Satellites of the largest operator',
    china: "China's satellites in orbit",
    chinaShare: 'China share',
    chinaImaging: "China's imaging satellites",
    chinaLevel1: "China's level-1 resolution satellites (matched)",
    plannedEntries: 'Planned mission entries',
    plannedSatellites: 'Planned satellites',
    chinaLastYear: 'Launched by China in {year}, still in orbit',
  },
  chart: {
    missingFigure: 'Please name the figure (figure)',
    unknownFigure: 'This analysis page has no such figure',
  },
}

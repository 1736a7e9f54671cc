/**
 * English names of China's administrative regions (the rules of build-region-names-en.ts, kept
 * apart from pinyin-pro so they are testable without the data packages): provinces by their
 * official English names; cities and counties as the Hanyu Pinyin of the place part (or an
 * established spelling of it, PLACE_NAMES), the ethnic groups of an autonomous region in English,
 * then the English of the administrative kind (市 City, 县 County, 自治州 Autonomous Prefecture…).
 */

/** A region as the data/regions files hold it (what the naming needs of it). */
export interface RegionNameInput {
  code: string
  name: string
  level: 'country' | 'province' | 'city' | 'county'
}

/** The syllables of Chinese text in Hanyu Pinyin, lower case, without tones (one per character). */
export type PinyinOf = (text: string) => string[]

/** The root of the tree, 100000 全国. */
export const COUNTRY_NAME_EN = 'China'

/** Official English names of the provincial-level regions, by code. */
export const PROVINCE_NAMES: Record<string, string> = {
  '110000': 'Beijing',
  '120000': 'Tianjin',
  '130000': 'Hebei',
  '140000': 'Shanxi',
  '150000': 'Inner Mongolia',
  '210000': 'Liaoning',
  '220000': 'Jilin',
  '230000': 'Heilongjiang',
  '310000': 'Shanghai',
  '320000': 'Jiangsu',
  '330000': 'Zhejiang',
  '340000': 'Anhui',
  '350000': 'Fujian',
  '360000': 'Jiangxi',
  '370000': 'Shandong',
  '410000': 'Henan',
  '420000': 'Hubei',
  '430000': 'Hunan',
  '440000': 'Guangdong',
  '450000': 'Guangxi',
  '460000': 'Hainan',
  '500000': 'Chongqing',
  '510000': 'Sichuan',
  '520000': 'Guizhou',
  '530000': 'Yunnan',
  '540000': 'Xizang',
  '610000': 'Shaanxi',
  '620000': 'Gansu',
  '630000': 'Qinghai',
  '640000': 'Ningxia',
  '650000': 'Xinjiang',
  '710000': 'Taiwan',
  '810000': 'Hong Kong',
  '820000': 'Macao',
}

/**
 * Established spellings of place parts that are not plain pinyin (Mongolian, Uyghur, Kazakh and
 * Tibetan names), at any level: the prefecture-level names and the banners and autonomous counties
 * whose official English is well established.
 */
export const PLACE_NAMES: Record<string, string> = {
  // prefecture level
  呼和浩特: 'Hohhot',
  呼伦贝尔: 'Hulunbuir',
  鄂尔多斯: 'Ordos',
  巴彦淖尔: 'Bayannur',
  乌兰察布: 'Ulanqab',
  兴安: 'Hinggan',
  锡林郭勒: 'Xilingol',
  阿拉善: 'Alxa',
  乌鲁木齐: 'Urumqi',
  克拉玛依: 'Karamay',
  吐鲁番: 'Turpan',
  哈密: 'Hami',
  博尔塔拉: 'Bortala',
  巴音郭楞: 'Bayingolin',
  阿克苏: 'Aksu',
  克孜勒苏: 'Kizilsu',
  喀什: 'Kashgar',
  和田: 'Hotan',
  伊犁: 'Ili',
  阿勒泰: 'Altay',
  拉萨: 'Lhasa',
  日喀则: 'Xigaze',
  昌都: 'Qamdo',
  林芝: 'Nyingchi',
  那曲: 'Nagqu',
  阿里: 'Ngari',
  阿坝: 'Ngawa',
  甘孜: 'Garze',
  果洛: 'Golog',
  海西: 'Haixi',
  哈尔滨: 'Harbin',
  齐齐哈尔: 'Qiqihar',
  // banners and autonomous counties
  土默特: 'Tumed',
  达尔罕茂明安: 'Darhan Muminggan',
  阿鲁科尔沁: 'Ar Horqin',
  巴林: 'Bairin',
  克什克腾: 'Hexigten',
  翁牛特: 'Ongniud',
  喀喇沁: 'Harqin',
  科尔沁: 'Horqin',
  库伦: 'Hure',
  扎鲁特: 'Jarud',
  达拉特: 'Dalad',
  准格尔: 'Jungar',
  鄂托克: 'Otog',
  杭锦: 'Hanggin',
  乌审: 'Uxin',
  伊金霍洛: 'Ejin Horo',
  阿荣: 'Arun',
  莫力达瓦: 'Morin Dawa',
  陈巴尔虎: 'Chen Barag',
  新巴尔虎: 'New Barag',
  乌拉特: 'Urad',
  察哈尔: 'Chahar',
  扎赉特: 'Jalaid',
  阿巴嘎: 'Abag',
  苏尼特: 'Sonid',
  东乌珠穆沁: 'East Ujimqin',
  西乌珠穆沁: 'West Ujimqin',
  太仆寺: 'Taibus',
  额济纳: 'Ejin',
  前郭尔罗斯: 'Qian Gorlos',
  杜尔伯特: 'Dorbod',
  白云鄂博: 'Bayan Obo',
  巴里坤: 'Barkol',
  木垒: 'Mori',
  塔什库尔干: 'Taxkorgan',
  察布查尔: 'Qapqal',
  和布克赛尔: 'Hoboksar',
  阿克塞: 'Aksay',
  // county-level cities and districts
  和林格尔: 'Horinger',
  托克托: 'Togtoh',
  霍林郭勒: 'Holingol',
  海拉尔: 'Hailar',
  扎赉诺尔: 'Jalainur',
  额尔古纳: 'Ergun',
  阿尔山: 'Arxan',
  乌兰浩特: 'Ulanhot',
  二连浩特: 'Erenhot',
  锡林浩特: 'Xilinhot',
  富拉尔基: 'Fularji',
  萨尔图: 'Sartu',
  格尔木: 'Golmud',
  库尔勒: 'Korla',
  霍尔果斯: 'Khorgas',
  阿图什: 'Artux',
  库车: 'Kuqa',
  吉木萨尔: 'Jimsar',
  布尔津: 'Burqin',
  阿拉尔: 'Aral',
  图木舒克: 'Tumxuk',
  噶尔: 'Gar',
  香格里拉: 'Shangri-La',
}

/** Whole names that follow no rule: the islands of 三沙 and an administrative committee. */
export const WHOLE_NAMES: Record<string, string> = {
  西沙群岛: 'Xisha Islands',
  南沙群岛: 'Nansha Islands',
  中沙群岛的岛礁及其海域: 'Zhongsha Islands, Reefs and Waters',
  大柴旦行政委员会: 'Da Qaidam Administrative Committee',
  // a district named after its people, not an autonomous one
  梅里斯达斡尔族区: 'Meilisi Daur District',
}

/** Ethnic groups of autonomous regions, in English; the names with a `?族` may also appear without 族. */
export const ETHNIC_GROUPS: Record<string, string> = {
  朝鲜族: 'Korean',
  蒙古族: 'Mongol',
  藏族: 'Tibetan',
  回族: 'Hui',
  维吾尔族: 'Uyghur',
  苗族: 'Miao',
  彝族: 'Yi',
  壮族: 'Zhuang',
  布依族: 'Bouyei',
  土家族: 'Tujia',
  哈尼族: 'Hani',
  傣族: 'Dai',
  白族: 'Bai',
  傈僳族: 'Lisu',
  景颇族: 'Jingpo',
  哈萨克族: 'Kazakh',
  柯尔克孜族: 'Kyrgyz',
  侗族: 'Dong',
  瑶族: 'Yao',
  黎族: 'Li',
  羌族: 'Qiang',
  畲族: 'She',
  仡佬族: 'Gelao',
  水族: 'Sui',
  纳西族: 'Naxi',
  拉祜族: 'Lahu',
  佤族: 'Va',
  布朗族: 'Blang',
  怒族: 'Nu',
  独龙族: 'Derung',
  普米族: 'Pumi',
  土族: 'Tu',
  撒拉族: 'Salar',
  东乡族: 'Dongxiang',
  保安族: 'Bonan',
  裕固族: 'Yugur',
  达斡尔族: 'Daur',
  鄂温克族: 'Evenki',
  鄂伦春族: 'Oroqen',
  满族: 'Manchu',
  锡伯族: 'Xibe',
  塔吉克族: 'Tajik',
  毛南族: 'Maonan',
  仫佬族: 'Mulao',
}

/** Various ethnic groups (龙胜各族自治县): said after the kind, 'Autonomous County of Various Ethnic Groups'. */
const VARIOUS_GROUPS = '各族'

/** Names of a kind that is not the last character alone: the whole name decides (清新区 is a 区). */
const NEW_AREAS = new Set(['浦东新区', '滨海新区', '沈北新区'])
const FORESTRY_DISTRICTS = new Set(['神农架林区'])

/** Kinds of region by the end of the name, longest first; the place part before it must not be empty. */
const KINDS: Array<[string, string]> = [
  ['自治州', 'Autonomous Prefecture'],
  ['自治县', 'Autonomous County'],
  ['自治旗', 'Autonomous Banner'],
  ['地区', 'Prefecture'],
  ['特区', 'Special District'],
  ['矿区', 'Mining District'],
  ['盟', 'League'],
  ['市', 'City'],
  ['县', 'County'],
  ['区', 'District'],
  ['旗', 'Banner'],
]

/** Parts of banner names after the place: 左翼/右翼 (wing), then 前/中/后/左/右/联合 (the banner's position). */
const WINGS: Array<[string, string]> = [
  ['左翼', 'Left Wing'],
  ['右翼', 'Right Wing'],
]
const BANNER_POSITIONS: Array<[string, string]> = [
  ['联合', 'United'],
  ['前', 'Front'],
  ['中', 'Middle'],
  ['后', 'Rear'],
  ['左', 'Left'],
  ['右', 'Right'],
]

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/

/** True when the text still holds a Chinese character. */
export function hasCjk(text: string): boolean {
  return CJK.test(text)
}

/** Syllables written as one capitalised word, an apostrophe before a/o/e after another syllable (Xi'an). */
export function pinyinWord(syllables: string[]): string {
  const word = syllables
    .map((s, i) => (i > 0 && /^[aoe]/.test(s) ? `'${s}` : s))
    .join('')
    .toLowerCase()
  return word.charAt(0).toUpperCase() + word.slice(1)
}

/** English of a place part: an established spelling, else its pinyin as one word. */
function placeName(place: string, pinyinOf: PinyinOf): string {
  return PLACE_NAMES[place] ?? pinyinWord(pinyinOf(place))
}

/** An ethnic group at the end of the text: [the text before it, its English], or undefined. */
function trailingEthnicGroup(text: string): [string, string] | undefined {
  let best: [string, string] | undefined
  for (const [chinese, english] of Object.entries(ETHNIC_GROUPS)) {
    // a group of several characters also appears without 族 (维吾尔, 哈萨克, 蒙古, 鄂伦春…)
    const forms = chinese.length > 2 ? [chinese, chinese.slice(0, -1)] : [chinese]
    for (const form of forms) {
      if (text.endsWith(form) && (!best || text.length - form.length < best[0].length)) best = [text.slice(0, -form.length), english]
    }
  }
  return best
}

/** 'A', 'A and B', 'A, B and C'. */
function joinGroups(groups: string[]): string {
  return groups.length <= 1 ? (groups[0] ?? '') : `${groups.slice(0, -1).join(', ')} and ${groups.at(-1)}`
}

/** A place with wing and banner position words after it (科尔沁左翼中 → Horqin Left Wing Middle). */
function placeWithPositions(text: string, pinyinOf: PinyinOf, isBanner: boolean): string {
  let rest = text
  const after: string[] = []
  if (isBanner) {
    const position = BANNER_POSITIONS.find(([chinese]) => rest.endsWith(chinese) && rest.length > chinese.length)
    if (position) {
      after.unshift(position[1])
      rest = rest.slice(0, -position[0].length)
    }
  }
  const wing = WINGS.find(([chinese]) => rest.endsWith(chinese) && rest.length > chinese.length)
  if (wing) {
    after.unshift(wing[1])
    rest = rest.slice(0, -wing[0].length)
  }
  return [placeName(rest, pinyinOf), ...after].join(' ')
}

/** The kind of a city or county name: [place part, English of the kind]. */
function splitKind(name: string): [string, string] {
  if (NEW_AREAS.has(name)) return [name.slice(0, -2), 'New Area']
  if (FORESTRY_DISTRICTS.has(name)) return [name.slice(0, -2), 'Forestry District']
  for (const [chinese, english] of KINDS) {
    if (name.endsWith(chinese) && name.length > chinese.length) return [name.slice(0, -chinese.length), english]
  }
  return [name, '']
}

/**
 * The English name of a region: the province table, the whole-name table, or place + ethnic groups +
 * kind. Chinese characters left in the answer mean a rule is missing (the build script fails then).
 */
export function englishRegionName(region: RegionNameInput, pinyinOf: PinyinOf): string {
  if (region.level === 'country') return COUNTRY_NAME_EN
  if (region.level === 'province') {
    const name = PROVINCE_NAMES[region.code]
    if (!name) throw new Error(`no English name for province ${region.code} ${region.name}`)
    return name
  }
  const whole = WHOLE_NAMES[region.name]
  if (whole) return whole
  const [before, kind] = splitKind(region.name)
  if (!kind.startsWith('Autonomous')) return [placeWithPositions(before, pinyinOf, kind === 'Banner'), kind].filter(Boolean).join(' ')

  // autonomous: the ethnic groups come off the end of the place part, one by one
  let place = before
  let isVarious = false
  const groups: string[] = []
  if (place.endsWith(VARIOUS_GROUPS) && place.length > VARIOUS_GROUPS.length) {
    isVarious = true
    place = place.slice(0, -VARIOUS_GROUPS.length)
  }
  for (let found = trailingEthnicGroup(place); found; found = trailingEthnicGroup(place)) {
    groups.unshift(found[1])
    place = found[0]
  }
  // 鄂伦春自治旗, 东乡族自治县: the group is the whole name
  const placeText = place.length > 0 ? placeWithPositions(place, pinyinOf, false) : ''
  const parts = [placeText, joinGroups(groups), kind, isVarious ? 'of Various Ethnic Groups' : ''].filter(Boolean)
  return parts.join(' ')
}

/** Every region's English name by code (sorted by code); throws when a name keeps a Chinese character. */
export function englishRegionNames(regions: RegionNameInput[], pinyinOf: PinyinOf): Record<string, string> {
  const names: Record<string, string> = {}
  const failed: string[] = []
  for (const region of [...regions].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))) {
    const english = englishRegionName(region, pinyinOf)
    if (hasCjk(english) || english.trim() === '') failed.push(`${region.code} ${region.name} → ${english}`)
    names[region.code] = english
  }
  if (failed.length > 0) throw new Error(`regions without an English name:\n${failed.join('\n')}`)
  return names
}

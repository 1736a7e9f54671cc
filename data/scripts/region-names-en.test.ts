import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { englishRegionName, englishRegionNames, hasCjk, PROVINCE_NAMES, pinyinWord, type RegionNameInput } from './region-names-en'

/** A stand-in for pinyin-pro: the syllables of the characters these tests use. */
const SYLLABLES: Record<string, string> = {
  石: 'shi',
  家: 'jia',
  庄: 'zhuang',
  西: 'xi',
  安: 'an',
  延: 'yan',
  边: 'bian',
  龙: 'long',
  胜: 'sheng',
  双: 'shuang',
  江: 'jiang',
  科: 'ke',
  尔: 'er',
  沁: 'qin',
  涉: 'she',
  神: 'shen',
  农: 'nong',
  架: 'jia',
  浦: 'pu',
  东: 'dong',
  清: 'qing',
  新: 'xin',
  六: 'liu',
  枝: 'zhi',
  井: 'jing',
  陉: 'xing',
  兴: 'xing',
  大: 'da',
  岭: 'ling',
  城: 'cheng',
  林: 'lin',
  北: 'bei',
}
const fakePinyin = (text: string) =>
  [...text].map((c) => {
    const syllable = SYLLABLES[c]
    if (!syllable) throw new Error(`no syllable for ${c} in the test table`)
    return syllable
  })
const name = (code: string, chinese: string, level: RegionNameInput['level'] = 'county') =>
  englishRegionName({ code, name: chinese, level }, fakePinyin)

describe('pinyinWord', () => {
  it('writes syllables as one capitalised word', () => {
    expect(pinyinWord(['shi', 'jia', 'zhuang'])).toBe('Shijiazhuang')
  })

  it('puts an apostrophe before a syllable starting with a, o or e after another', () => {
    expect(pinyinWord(['xi', 'an'])).toBe("Xi'an")
    expect(pinyinWord(['an', 'shan'])).toBe('Anshan')
    expect(pinyinWord(['da', 'xing', 'an', 'ling'])).toBe("Daxing'anling")
  })
})

describe('englishRegionName', () => {
  it('names provinces by the official table and the root as China', () => {
    expect(name('130000', '河北省', 'province')).toBe('Hebei')
    expect(name('540000', '西藏自治区', 'province')).toBe('Xizang')
    expect(name('820000', '澳门特别行政区', 'province')).toBe('Macao')
    expect(name('100000', '全国', 'country')).toBe('China')
    expect(Object.keys(PROVINCE_NAMES)).toHaveLength(34)
  })

  it('writes the place in pinyin, then the kind', () => {
    expect(name('130100', '石家庄市', 'city')).toBe('Shijiazhuang City')
    expect(name('610100', '西安市', 'city')).toBe("Xi'an City")
    expect(name('130426', '涉县')).toBe('She County')
    expect(name('130107', '井陉矿区')).toBe('Jingxing Mining District')
    expect(name('232700', '大兴安岭地区', 'city')).toBe("Daxing'anling Prefecture")
  })

  it('tells forestry districts and new areas by the whole name, not by 林区/新区 at the end', () => {
    expect(name('429021', '神农架林区')).toBe('Shennongjia Forestry District')
    expect(name('310115', '浦东新区')).toBe('Pudong New Area')
    expect(name('441803', '清新区')).toBe('Qingxin District')
    expect(name('232763', '新林区')).toBe('Xinlin District')
    expect(name('520203', '六枝特区')).toBe('Liuzhi Special District')
  })

  it('names the ethnic groups of autonomous regions in English, in their order', () => {
    expect(name('222400', '延边朝鲜族自治州', 'city')).toBe('Yanbian Korean Autonomous Prefecture')
    expect(name('000001', '双江拉祜族佤族自治县')).toBe('Shuangjiang Lahu and Va Autonomous County')
    expect(name('000002', '双江拉祜族佤族傣族自治县')).toBe('Shuangjiang Lahu, Va and Dai Autonomous County')
    // groups written without 族, and a name that is the group alone
    expect(name('654000', '伊犁哈萨克自治州', 'city')).toBe('Ili Kazakh Autonomous Prefecture')
    expect(name('150723', '鄂伦春自治旗')).toBe('Oroqen Autonomous Banner')
    expect(name('622926', '东乡族自治县')).toBe('Dongxiang Autonomous County')
    expect(name('450328', '龙胜各族自治县')).toBe('Longsheng Autonomous County of Various Ethnic Groups')
  })

  it('uses established spellings and banner positions', () => {
    expect(name('150100', '呼和浩特市', 'city')).toBe('Hohhot City')
    expect(name('152500', '锡林郭勒盟', 'city')).toBe('Xilingol League')
    expect(name('150521', '科尔沁左翼中旗')).toBe('Horqin Left Wing Middle Banner')
    expect(name('150223', '达尔罕茂明安联合旗')).toBe('Darhan Muminggan United Banner')
    expect(name('211324', '喀喇沁左翼蒙古族自治县')).toBe('Harqin Left Wing Mongol Autonomous County')
  })

  it('fails the set when a name keeps a Chinese character', () => {
    expect(hasCjk('Shijiazhuang City')).toBe(false)
    expect(() => englishRegionNames([{ code: '130100', name: '石家庄市', level: 'city' }], (text) => [...text])).toThrow(/130100/)
  })
})

/** The committed output of build-region-names-en.ts (pinyin-pro with its place readings corrected). */
describe('data/regions/names-en.json', () => {
  const dir = path.resolve(import.meta.dirname, '../regions')
  const names = JSON.parse(readFileSync(path.join(dir, 'names-en.json'), 'utf8')) as Record<string, string>
  const codes = ['regions-1-province', 'regions-2-city', 'regions-3-county'].flatMap((file) =>
    gunzipSync(readFileSync(path.join(dir, `${file}.ndjson.gz`)))
      .toString('utf8')
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => (JSON.parse(line) as { code: string }).code),
  )

  it('names every region in Latin letters, sorted by code', () => {
    expect(codes.length).toBeGreaterThan(3000)
    for (const code of codes) {
      expect(names[code], code).toBeTruthy()
      expect(hasCjk(names[code] ?? ''), `${code} ${names[code]}`).toBe(false)
    }
    expect(Object.keys(names)).toEqual([...Object.keys(names)].sort())
  })

  it('reads polyphonic place-name characters as the places do', () => {
    expect(names).toMatchObject({
      '430100': 'Changsha City', // 长
      '500000': 'Chongqing', // 重
      '511100': 'Leshan City', // 乐
      '130225': 'Laoting County', // 乐
      '330382': 'Yueqing City', // 乐
      '440113': 'Panyu District', // 番
      '340300': 'Bengbu City', // 蚌
      '341500': "Lu'an City", // 六
      '320116': 'Luhe District', // 六
      '350200': 'Xiamen City', // 厦
      '140428': 'Zhangzi County', // 长
      '620702': 'Ganzhou District',
      '621202': 'Wudu District', // 都
      '371722': 'Shan County', // 单
      '341021': 'She County', // 歙
      '130726': 'Yu County', // 蔚
      '131025': 'Dacheng County', // 大
      '420116': 'Huangpi District', // 陂
      '141024': 'Hongtong County', // 洞
      '653001': 'Artux City',
    })
  })
})

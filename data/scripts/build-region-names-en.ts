/**
 * npx tsx data/scripts/build-region-names-en.ts   (needs pinyin-pro: npm install --prefix data)
 *
 * Writes data/regions/names-en.json, the English name of every region of
 * data/regions/regions-{0-country,1-province,2-city,3-county}.ndjson.gz by code (sorted), by the rules of
 * region-names-en.ts with the pinyin of pinyin-pro, its readings of polyphonic place-name characters
 * corrected by PLACE_READINGS. Fails when a name keeps a Chinese character.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { englishRegionNames, type RegionNameInput } from './region-names-en'

/** What the script uses of pinyin-pro, loaded at run time: the portal's type check runs without data/node_modules. */
interface PinyinPro {
  pinyin(text: string, options: { toneType: 'none'; type: 'array' }): string[]
  customPinyin(words: Record<string, string>): void
}
const { customPinyin, pinyin } = createRequire(import.meta.url)('pinyin-pro') as PinyinPro

const dir = path.resolve(import.meta.dirname, '../regions')
const FILES = ['regions-0-country.ndjson.gz', 'regions-1-province.ndjson.gz', 'regions-2-city.ndjson.gz', 'regions-3-county.ndjson.gz']

/**
 * Readings of place names where pinyin-pro's choice for a polyphonic character is not the place's
 * (checked by reading its answer for every place part of the data; see region-names-en.test.ts).
 */
export const PLACE_READINGS: Record<string, string> = {
  乐亭: 'lào tíng',
  乐清: 'yuè qīng',
  乐陵: 'lào líng',
  民乐: 'mín lè',
  蚌山: 'bèng shān',
  六合: 'lù hé',
  尉犁: 'yù lí',
  曾都: 'zēng dū',
  涡阳: 'guō yáng',
  泌阳: 'bì yáng',
  大城: 'dà chéng',
  黄陂: 'huáng pí',
  调兵山: 'diào bīng shān',
  繁峙: 'fán shì',
  筠连: 'jūn lián',
  中牟: 'zhōng móu',
  牟定: 'móu dìng',
  珲春: 'hún chūn',
  覃塘: 'tán táng',
  洪洞: 'hóng tóng',
  万柏林: 'wàn bǎi lín',
  大埔: 'dà bù',
  称多: 'chèn duō',
}

/** Place parts of one character (单县, 歙县…): their reading there, where the character alone reads otherwise. */
export const SINGLE_READINGS: Record<string, string> = {
  单: 'shan',
  歙: 'she',
  浚: 'xun',
  蔚: 'yu',
}

/** Characters whose reading in a place name is always this one (都 du, not dou; 什 shi, not shen). */
export const CHARACTER_READINGS: Record<string, string> = {
  都: 'du',
  什: 'shi',
}

function readRegions(file: string): RegionNameInput[] {
  return gunzipSync(readFileSync(path.join(dir, file)))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => {
      const { code, name, level } = JSON.parse(line) as RegionNameInput
      return { code, name, level }
    })
}

customPinyin(PLACE_READINGS)
const pinyinOf = (text: string): string[] =>
  SINGLE_READINGS[text]
    ? [SINGLE_READINGS[text]]
    : pinyin(text, { toneType: 'none', type: 'array' }).map((syllable, i) => CHARACTER_READINGS[[...text][i] ?? ''] ?? syllable)

const regions = FILES.flatMap(readRegions)
const names = englishRegionNames(regions, pinyinOf)
writeFileSync(path.join(dir, 'names-en.json'), `${JSON.stringify(names, null, 2)}\n`)
console.log(`${Object.keys(names).length} English region names written to data/regions/names-en.json`)

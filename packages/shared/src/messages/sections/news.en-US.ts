import type { Messages } from '../zh-CN'

/** English of the satellite news API's messages (every key of newsZh); the articles stay as written. */
export const newsEn: Messages['news'] = {
  title: 'Satellite news',
  titleRequired: 'Please enter the title',
  summaryRequired: 'Please enter the summary',
  sourceRequired: 'Please enter the source',
  bodyRequired: 'Please enter the text of the article',
  notFound: 'Article not found',
  invalidDate: 'The date of the article is not valid',
  unknownSatellite: 'Unknown satellite "{slug}": please choose one from the satellite list',
  coverNotFound: 'This article has no cover picture',
  cover: {
    noFile: 'Please choose a cover picture',
    tooLarge: 'The picture is too large (at most {size})',
    notImage: 'Only PNG, JPEG or WebP pictures are accepted',
    corrupt: 'The picture is damaged or incomplete and cannot be read',
    tooManyPixels: 'The picture is too large ({width}×{height} pixels); at most {max} pixels a side',
  },
}

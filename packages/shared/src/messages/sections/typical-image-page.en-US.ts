import type { Messages } from '../zh-CN'

/** English words of the typical-image screen (/satellite/image); every key of typicalImagePageZh. */
export const typicalImagePageEn: Messages['typicalImagePage'] = {
  title: 'Typical images',
  intro:
    'Sample images from Chinese natural-resources satellites (ZY-3, GF-1, GF-2, GF-4, GF-7 and LuTan-1 L-SAR), showing how each payload images and what its images look like.',
  illustrationNote:
    'Samples marked "Illustration" are drawings of how the satellite images, based on its published parameters; they are not real satellite images. They will be replaced, with the source credited, once real images cleared for publication are available.',
  illustrationBadge: 'Illustration',
  illustrationNotice:
    'Illustration: no real image cleared for publication is available yet; this drawing of how the satellite images is based on its parameters',
  realBadge: 'Real image',
  credit: 'Image source: {credit}',
  shows: 'What it shows',
  howTaken: 'How it is taken',
  sensor: 'Payload: {sensor}',
  satellitePage: 'About {name}',
  zoomHint: 'Click the image to enlarge it',
  imageAlt: '{title} ({kind})',
  count: 'Samples: {count}',
  empty: 'No sample images yet',
  loadFailed: 'Typical images failed to load: {message}',
  retry: 'Reload',
  // editing (content editors, MOD_002)
  replace: 'Replace with real image',
  replaceAgain: 'Change image',
  restore: 'Restore illustration',
  restoreConfirmTitle: 'Restore the illustration?',
  restoreConfirmText: 'The real image of "{title}" will be removed and the illustration shown instead.',
  restoreOk: 'Restore',
  restored: 'Illustration restored',
  replaced: 'Replaced with real image',
  cancel: 'Cancel',
  dialogTitle: 'Replace with real image: {title}',
  file: 'Image file',
  fileHint: 'PNG, JPEG or WebP, up to {size}, at most {side} pixels on each side.',
  choose: 'Choose image file',
  chosen: 'Selected: {name} ({size}, {width} × {height} px)',
  creditLabel: 'Image source and copyright',
  creditPlaceholder: 'e.g. China Centre for Resources Satellite Data and Application, ZY-3 02, 2024-05-01',
  creditHint:
    'Shown below the image. Give the source organisation, satellite and acquisition date, and make sure this site may publish the image.',
  submit: 'Upload and replace',
  rules: {
    fileRequired: 'Please choose an image file',
    creditRequired: 'Please enter the image source',
    creditTooLong: 'Image source: at most {max} characters',
    badType: '"{name}" is not a PNG, JPEG or WebP image',
    tooLarge: 'Image "{name}" is {size}, larger than {max}',
    tooWide: 'The image is {width} × {height} pixels; neither side may exceed {side} pixels',
    unreadable: 'The image in "{name}" cannot be read; please check that the file is complete',
  },
}

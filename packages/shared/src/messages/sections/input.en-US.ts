import type { inputZh } from './input'

/** en-US words for input checks. */
export const inputEn: { [K in keyof typeof inputZh]: string } = {
  controlCharacter: 'The input holds a control character that is not allowed ({character}), at: {field}',
  characterReference: 'The input holds a character reference that is not allowed ({reference}, that is {character}), at: {field}',
  xmlCharacter: 'The input holds a character that XML does not allow ({character}), at: {field}',
  lineBreak: '{field} must not hold line breaks, tabs or control characters',
  textLine: 'The text must not hold line breaks, tabs or control characters',
  badId: 'The id must be a positive whole number',
  badInteger: 'Must be a whole number from {min} to {max}',
  tooLong: 'At most {max} characters',
  tooLongOf: '{message} (at most {max} characters)',
  fileName: 'The file name or a form field holds a control character that is not allowed',
}

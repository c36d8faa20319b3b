import { z } from 'zod'

export const CONTROL_CHARACTERS_MESSAGE = 'Please remove control characters from this field.'

// Refused: C0 and C1 controls (tab and line breaks aside, for multi-line fields), and the
// invisible direction marks and overrides that can make a name read differently from what is
// stored (LRM, RLM, the Arabic letter mark, embeddings, overrides, isolates).
/* eslint-disable no-control-regex -- finding control characters is the point */
const CONTROL =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u
/* eslint-enable no-control-regex */

// Removed: every other format character (zero-width space, word joiner, byte-order mark, soft
// hyphen...), the line and paragraph separators, and the Hangul fillers that render as nothing.
// They cannot be seen, so a user could not remove them if asked to. Kept: the few format
// characters that print (Arabic number signs and the like), and the joiners and tags below.
const INVISIBLE = /[\p{Cf}\u2028\u2029\u115f\u1160\u3164\uffa0]/u
const PRINTED_FORMAT = /[\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\u{110bd}\u{110cd}]/u
/** Scripts whose spelling needs ZWJ/ZWNJ between letters (Arabic for Urdu and Persian, Indic...). */
const JOINING_SCRIPT =
  /[\p{sc=Arabic}\p{sc=Syriac}\p{sc=Nko}\p{sc=Mongolian}\p{sc=Devanagari}\p{sc=Bengali}\p{sc=Gurmukhi}\p{sc=Gujarati}\p{sc=Oriya}\p{sc=Tamil}\p{sc=Telugu}\p{sc=Kannada}\p{sc=Malayalam}\p{sc=Sinhala}\p{sc=Khmer}\p{sc=Myanmar}\p{sc=Tibetan}]/u
const EMOJI_BEFORE_ZWJ = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f]/u
const EMOJI = /\p{Extended_Pictographic}/u
/** A subdivision flag: a black flag, tag letters, a cancel tag (🏴 + "gbsct" = Scotland). */
const FLAG_OR_TAG = /(\u{1f3f4}[\u{e0020}-\u{e007e}]+\u{e007f})|[\u{e0000}-\u{e007f}]/gu

/** Whether the joiner at `i` sits inside a word of a joining script or an emoji sequence. */
function joinerNeeded(chars: string[], i: number) {
  let before = i - 1
  while (before >= 0 && /\p{M}/u.test(chars[before]!)) before--
  const prev = chars[before] ?? ''
  const next = chars[i + 1] ?? ''
  if (JOINING_SCRIPT.test(prev) && (JOINING_SCRIPT.test(next) || /\p{M}/u.test(next))) return true
  return chars[i] === '\u200d' && EMOJI_BEFORE_ZWJ.test(chars[i - 1] ?? '') && EMOJI.test(next)
}

/**
 * Removes the invisible characters of the text rule (above) and keeps everything else, refused
 * controls included (the refinement names them).
 */
export function withoutInvisible(text: string) {
  const untagged = text.replace(FLAG_OR_TAG, (match, flag?: string) => flag ?? '')
  if (!INVISIBLE.test(untagged)) return untagged
  const chars = [...untagged]
  return chars
    .filter((ch, i) => {
      if (!INVISIBLE.test(ch) || CONTROL.test(ch) || PRINTED_FORMAT.test(ch)) return true
      if (ch >= '\u{e0000}' && ch <= '\u{e007f}') return true // a flag's tags (kept above)
      return (ch === '\u200c' || ch === '\u200d') && joinerNeeded(chars, i)
    })
    .join('')
}

/**
 * The text rule of every text field a user types (docs/decisions: harden-invisible-characters):
 * invisible characters are removed before the field's own checks (so a name of nothing but
 * fillers is an empty name), and controls and direction marks are refused with a clear message.
 */
export const withoutControlCharacters = <T extends z.ZodTypeAny>(schema: T) =>
  z
    .preprocess((value) => (typeof value === 'string' ? withoutInvisible(value) : value), schema)
    .refine(
      (value) => typeof value !== 'string' || !CONTROL.test(value),
      CONTROL_CHARACTERS_MESSAGE,
    )

/* The text rule's characters, without zod: the server's schemas (text.ts) and the browser's
   form checks (check.ts) both use it. */

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
// They cannot be seen, so a user could not remove them if asked to. Kept: the refused ones above
// (the refinement names them), the few format characters that print (Arabic number signs and the
// like), and the joiners and tags, which have their own rules below.
const INVISIBLE =
  /(?![\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u200c-\u200f\u202a-\u202e\u2066-\u2069\u{110bd}\u{110cd}\u{e0000}-\u{e007f}])[\p{Cf}\u2028\u2029\u115f\u1160\u3164\uffa0]/gu
/** Scripts whose spelling needs ZWJ/ZWNJ between letters (Arabic for Urdu and Persian, Indic...). */
const JOINING_SCRIPT =
  /[\p{sc=Arabic}\p{sc=Syriac}\p{sc=Nko}\p{sc=Mongolian}\p{sc=Devanagari}\p{sc=Bengali}\p{sc=Gurmukhi}\p{sc=Gujarati}\p{sc=Oriya}\p{sc=Tamil}\p{sc=Telugu}\p{sc=Kannada}\p{sc=Malayalam}\p{sc=Sinhala}\p{sc=Khmer}\p{sc=Myanmar}\p{sc=Tibetan}]/u
const MARK = /\p{M}/u
const EMOJI_BEFORE_ZWJ = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f]/u
const EMOJI = /\p{Extended_Pictographic}/u
/** A subdivision flag: a black flag, tag letters, a cancel tag (🏴 + "gbsct" = Scotland). */
const FLAG_OR_TAG = /(\u{1f3f4}[\u{e0020}-\u{e007e}]+\u{e007f})|[\u{e0000}-\u{e007f}]/gu
/**
 * Longer values are left as they are: every text field allows at most 2,000 characters, so its
 * length check refuses them, and the rule's work stays bounded (a megabyte of joiners took 1.6 s;
 * 4,000 emoji joiners take ~3 ms).
 */
const LONGEST_CLEANED = 4_000

/**
 * Blocks that hold every joining script above and the combining marks they use: a cheap test
 * that spares the script regex for most characters (Latin text full of joiners stays fast).
 */
const mayJoin = (cp: number) =>
  (cp >= 0x0300 && cp <= 0x036f) ||
  (cp >= 0x0600 && cp <= 0x0dff) ||
  (cp >= 0x0f00 && cp <= 0x109f) ||
  (cp >= 0x1780 && cp <= 0x18af) ||
  (cp >= 0x1cd0 && cp <= 0x1cff) ||
  (cp >= 0xa830 && cp <= 0xa8ff) ||
  (cp >= 0xfb50 && cp <= 0xfeff) ||
  cp >= 0x10000

/** The character that ends just before `offset` (a whole surrogate pair), or ''. */
function charBefore(text: string, offset: number) {
  const low = text.charCodeAt(offset - 1)
  const start = low >= 0xdc00 && low <= 0xdfff && offset >= 2 ? offset - 2 : offset - 1
  return start < 0 ? '' : text.slice(start, offset)
}

/** Whether `ch` is a letter of a joining script, or (with `marks`) a combining mark. */
function joining(ch: string, marks: boolean) {
  const cp = ch.codePointAt(0) ?? 0
  return mayJoin(cp) && (JOINING_SCRIPT.test(ch) || (marks && MARK.test(ch)))
}

/** Whether the joiner at `offset` sits inside a word of a joining script or an emoji sequence. */
function joinerNeeded(joiner: string, offset: number, text: string) {
  const next = String.fromCodePoint(text.codePointAt(offset + 1) ?? 0x20)
  if (joining(next, true)) {
    // The letter before, past its combining marks (vowel signs, a virama).
    let at = offset
    let prev = charBefore(text, at)
    while (prev && joining(prev, true) && !JOINING_SCRIPT.test(prev)) {
      at -= prev.length
      prev = charBefore(text, at)
    }
    if (prev && joining(prev, false)) return true
  }
  if (joiner !== '\u200d') return false
  const prev = charBefore(text, offset)
  return (prev.codePointAt(0) ?? 0) >= 0xa9 && EMOJI_BEFORE_ZWJ.test(prev) && EMOJI.test(next)
}

/** Removes the invisible characters of the text rule (above) and keeps everything else. */
export function withoutInvisible(text: string) {
  if (text.length > LONGEST_CLEANED) return text
  return text
    .replace(FLAG_OR_TAG, (_, flag?: string) => flag ?? '')
    .replace(INVISIBLE, '')
    .replace(/[\u200c\u200d]/g, (joiner, offset: number, whole: string) =>
      joinerNeeded(joiner, offset, whole) ? joiner : '',
    )
}

/** Whether the text holds a control character or direction mark the text rule refuses. */
export const hasControlCharacters = (text: string) => CONTROL.test(text)

import fs from 'node:fs'
import path from 'node:path'
import { logError } from '~/utils/request.server'

/**
 * The fonts the PDF embeds (pdfkit keeps only the glyphs used, so files stay small): Noto Sans
 * (Latin, Vietnamese), Noto Sans CJK (Chinese, Japanese, Korean) and Noto Naskh Arabic (Urdu),
 * from Debian's fonts-noto-core and fonts-noto-cjk, or REPORT_FONT_DIR.
 */
export type ScriptFont = 'latin' | 'latinBold' | 'cjk' | 'arabic'

const CANDIDATES: Record<ScriptFont, { files: string[]; family?: string }> = {
  latin: { files: ['NotoSans-Regular.ttf'] },
  latinBold: { files: ['NotoSans-Bold.ttf'] },
  cjk: { files: ['NotoSansCJK-Regular.ttc'], family: 'NotoSansCJKsc-Regular' },
  arabic: { files: ['NotoNaskhArabic-Regular.ttf'] },
}

const DIRS = () =>
  [
    process.env.REPORT_FONT_DIR,
    '/usr/share/fonts/truetype/noto',
    '/usr/share/fonts/opentype/noto',
    '/usr/local/share/fonts',
  ].filter((d): d is string => Boolean(d))

export type FontFile = { file: string; family?: string; data: () => Buffer }

let found: Partial<Record<ScriptFont, FontFile>> | undefined

function once<T>(make: () => T) {
  let made: { value: T } | undefined
  return () => (made ??= { value: make() }).value
}

/**
 * The font files found on this machine (looked up once; a missing one is logged once), each read
 * once per process when a PDF first needs it. Read per PDF, the 19 MB CJK file was garbage after
 * every report, and a second report on the same process went over 250 MB before it was collected.
 */
export function reportFonts() {
  if (found) return found
  found = {}
  for (const [script, { files, family }] of Object.entries(CANDIDATES) as Array<
    [ScriptFont, (typeof CANDIDATES)[ScriptFont]]
  >) {
    const file = DIRS()
      .flatMap((dir) => files.map((f) => path.join(dir, f)))
      .find((f) => fs.existsSync(f))
    if (file) found[script] = { file, family, data: once(() => fs.readFileSync(file)) }
    else
      logError(
        new Error(
          `PDF reports: no ${script} font (${files.join(', ')}); install fonts-noto-core and fonts-noto-cjk`,
        ),
        { path: 'reports' },
      )
  }
  return found
}

const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u
const ARABIC = /[\p{Script=Arabic}]/u

/** Which font a character needs. */
function scriptOf(char: string): 'latin' | 'cjk' | 'arabic' {
  if (CJK.test(char)) return 'cjk'
  if (ARABIC.test(char)) return 'arabic'
  return 'latin'
}

/**
 * A text cut into runs that one font can draw. Spaces and punctuation stay with the run they are
 * in, so an Urdu or Chinese name is one run (and its words keep their order: the shaper lays an
 * Arabic-script run out right to left).
 */
export function scriptRuns(
  text: string,
): Array<{ script: 'latin' | 'cjk' | 'arabic'; text: string }> {
  if (!CJK.test(text) && !ARABIC.test(text)) return [{ script: 'latin', text }]
  const runs: Array<{ script: 'latin' | 'cjk' | 'arabic'; text: string }> = []
  for (const char of text) {
    const neutral = /[\s\p{P}\p{N}]/u.test(char)
    const script = scriptOf(char)
    const last = runs[runs.length - 1]
    if (last && (neutral || last.script === script)) last.text += char
    else runs.push({ script, text: char })
  }
  return runs
}

type Glyph = { id: number; advanceWidth: number; codePoints: number[] }
type Position = {
  xAdvance: number
  yAdvance: number
  xOffset: number
  yOffset: number
  advanceWidth: number
}
type Layout = { glyphs: Glyph[] | null; positions: Position[] | null; advanceWidth: number }
/** The part of pdfkit's embedded font (EmbeddedFont, not exported by pdfkit) this module uses. */
type EmbeddedFont = {
  font?: { glyphForCodePoint(codePoint: number): Glyph }
  scale: number
  layout(text: string, features?: unknown, onlyWidth?: boolean): Layout
}

/**
 * Lays a Latin or CJK font's text out glyph by glyph: one glyph per character, its own advance,
 * no kerning or ligatures. pdfkit otherwise runs the font's full OpenType shaping for every new
 * word, and a report's words are mostly new (order numbers, e-mails): shaping made most of a PDF's
 * time and garbage. Text is in NFC (Vietnamese letters are single characters in Noto Sans), so
 * nothing is lost that a table of names and numbers needs; Arabic-script runs, whose letters change
 * shape, still pass features and are shaped whole.
 */
export function glyphByGlyph(doc: object) {
  const font = (doc as { _font: EmbeddedFont })._font
  if (!font.font) return // a standard PDF font (no font file found): already simple
  const shaped = font.layout.bind(font)
  const glyphs = new Map<number, { glyph: Glyph; position: Position }>()
  const glyphOf = (codePoint: number) => {
    let known = glyphs.get(codePoint)
    if (!known) {
      const glyph = font.font!.glyphForCodePoint(codePoint)
      const advance = glyph.advanceWidth * font.scale
      const position = { xAdvance: advance, yAdvance: 0, xOffset: 0, yOffset: 0 }
      known = { glyph, position: Object.freeze({ ...position, advanceWidth: advance }) }
      glyphs.set(codePoint, known)
    }
    return known
  }
  font.layout = (text, features, onlyWidth) => {
    if (features) return shaped(text, features, onlyWidth)
    const layout: Layout = {
      glyphs: onlyWidth ? null : [],
      positions: onlyWidth ? null : [],
      advanceWidth: 0,
    }
    for (let i = 0; i < text.length; i++) {
      const codePoint = text.codePointAt(i)!
      if (codePoint > 0xffff) i++
      const { glyph, position } = glyphOf(codePoint)
      layout.advanceWidth += position.advanceWidth
      layout.glyphs?.push(glyph)
      layout.positions?.push(position)
    }
    return layout
  }
}

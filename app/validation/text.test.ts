import { parseWithZod } from '@conform-to/zod'
import { describe, expect, test } from 'vitest'
import { formData, VALID_REGISTRATION } from '../../tests/forms'
import { OrderUpdateSchema } from './order'
import { ScammerSchema } from './scammer'
import { CONTROL_CHARACTERS_MESSAGE } from './text'
import { RegisterSchema } from './user'

const register = VALID_REGISTRATION

/** What the register form keeps of a name, or its error, after Conform parses the form. */
function nameOf(name: string) {
  const submission = parseWithZod(formData({ ...register, name }), { schema: RegisterSchema })
  return submission.status === 'success'
    ? { value: submission.value.name }
    : { error: submission.reply().error?.name?.[0] }
}

describe('one rule for invisible characters in text fields', () => {
  test.each([
    ['U+0000 NUL', 'Ali\u0000 Raza'],
    ['U+202E RLO', 'Ali\u202e Raza'],
    ['U+200E LRM', 'Ali\u200e Raza'],
    ['U+061C Arabic letter mark', 'Ali\u061c Raza'],
  ])('%s: refused with a message', (_, name) => {
    expect(nameOf(name)).toEqual({ error: CONTROL_CHARACTERS_MESSAGE })
  })

  test.each([
    ['U+200B zero width space', 'Ali\u200b Raza'],
    ['U+200D ZWJ between Latin letters', 'Al\u200di Raza'],
    ['U+200C ZWNJ at the start', '\u200cAli Raza'],
    ['U+2060 word joiner', 'Ali\u2060 Raza'],
    ['U+FEFF byte-order mark', 'Ali\ufeff Raza'],
    ['U+00AD soft hyphen', 'Ali Ra\u00adza'],
    ['U+2028 line separator', 'Ali\u2028 Raza'],
    ['U+2029 paragraph separator', 'Ali\u2029 Raza'],
    ['tag characters outside a flag', 'Ali Raza\u{e0041}\u{e0042}\u{e007f}'],
    ['U+3164 Hangul filler', 'Ali \u3164Raza'],
    ['U+180E Mongolian vowel separator', 'Ali\u180e Raza'],
  ])('%s: removed, the rest is stored', (_, name) => {
    expect(nameOf(name)).toEqual({ value: 'Ali Raza' })
  })

  test('a name of nothing but invisible characters is an empty name', () => {
    expect(nameOf('\u3164\u3164\u200b\u3164')).toEqual({ error: 'Please enter your full name.' })
  })

  test.each([
    ['Urdu', 'محمد علی'],
    ['Urdu with ZWNJ between letters', 'عبد\u200cالله'],
    ['Persian with ZWNJ', 'می\u200cخواهم'],
    ['Devanagari with ZWJ after a virama', 'क्\u200dष राम'],
    ['Vietnamese (composed)', 'Nguyễn Thị Hồng'],
    ['Vietnamese (decomposed)', 'Nguye\u0302\u0303n Thi\u0323 Ho\u0302\u0300ng'],
    ['Chinese', '王小明'],
    ['an emoji ZWJ sequence', 'Ali 👨\u200d👩\u200d👧'],
    ['a flag tag sequence', 'Ali 🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}'],
  ])('%s: kept as typed', (_, name) => {
    expect(nameOf(name)).toEqual({ value: name })
  })

  test('multi-line fields keep their line breaks; remarks, reasons and emails follow the rule', () => {
    const update = OrderUpdateSchema.parse({
      orderNumber: '\u200b113-1',
      customerEmail: 'b@example.com\ufeff',
      market: 1,
      remark: 'line one\nline\u2028 two\u00ad',
    })
    expect(update).toMatchObject({
      orderNumber: '113-1',
      customerEmail: 'b@example.com',
      remark: 'line one\nline two',
    })
    expect(ScammerSchema.parse({ email: 'x\u2060@example.com', reason: 'r\u200b' })).toEqual({
      email: 'x@example.com',
      reason: 'r',
    })
  })

  test("a value far over any field's limit is refused by its length, not cleaned", () => {
    const remark = '\u200d'.repeat(1_000_000)
    const parsed = OrderUpdateSchema.safeParse({
      orderNumber: '1',
      customerEmail: 'b@example.com',
      market: 1,
      remark,
    })
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([
      'Please keep this under 2000 characters.',
    ])
  })
})

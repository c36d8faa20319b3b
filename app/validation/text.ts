import { z } from 'zod'
import { tooLong } from './check'
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, withoutInvisible } from './invisible'

export { CONTROL_CHARACTERS_MESSAGE }

/**
 * The text rule of every text field a user types (docs/decisions: harden-invisible-characters):
 * invisible characters are removed before the field's own checks (so a name of nothing but
 * fillers is an empty name), and controls and direction marks are refused with a clear message.
 */
export const withoutControlCharacters = <T extends z.ZodTypeAny>(schema: T) =>
  z
    .preprocess((value) => (typeof value === 'string' ? withoutInvisible(value) : value), schema)
    .refine(
      (value) => typeof value !== 'string' || !hasControlCharacters(value),
      CONTROL_CHARACTERS_MESSAGE,
    )

/** A required typed text: `required` when missing or blank, `tooLongMessage` past `max` characters. */
export const requiredText = (required: string, max: number, tooLongMessage = tooLong(max)) =>
  withoutControlCharacters(
    z
      .string({ required_error: required, invalid_type_error: required })
      .trim()
      .min(1, required)
      .max(max, tooLongMessage),
  )

import type { z } from 'zod'

export const CONTROL_CHARACTERS_MESSAGE = 'Please remove control characters from this field.'

// C0 and C1 controls (tab and line breaks aside, for multi-line fields), and the invisible
// direction marks and overrides that can make a name read differently from what is stored.
/* eslint-disable no-control-regex -- finding control characters is the point */
const CONTROL =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u
/* eslint-enable no-control-regex */

/** Refuses text that holds control characters, with a clear message. */
export const withoutControlCharacters = <T extends z.ZodString>(schema: T) =>
  schema.refine((value) => !CONTROL.test(value), CONTROL_CHARACTERS_MESSAGE)

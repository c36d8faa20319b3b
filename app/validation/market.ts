import { z } from 'zod'
import { withoutControlCharacters } from './text'

export const MARKET_NAME_MAX = 100
export const MARKET_SHORT_NAME_MAX = 20

const text = (required: string, max: number, label: string) =>
  withoutControlCharacters(
    z
      .string({ required_error: required, invalid_type_error: required })
      .trim()
      .min(1, required)
      .max(max, `${label} must be at most ${max} characters.`),
  )

const name = text('Please enter the market name.', MARKET_NAME_MAX, 'The market name')

/** Add a market (/all/markets): its name and the short name product lists show. */
export const MarketSchema = z.object({
  name,
  shortName: text('Please enter the short name.', MARKET_SHORT_NAME_MAX, 'The short name'),
})
export type MarketInput = z.infer<typeof MarketSchema>

/** Rename a market: only its name; products and orders refer to it by id. */
export const MarketRenameSchema = z.object({ name })

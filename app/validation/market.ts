import { z } from 'zod'
import { MARKET_MESSAGES as M, MARKET_NAME_MAX, MARKET_SHORT_NAME_MAX } from './market.checks'
import { withoutControlCharacters } from './text'

const text = (required: string, max: number, tooLong: string) =>
  withoutControlCharacters(
    z
      .string({ required_error: required, invalid_type_error: required })
      .trim()
      .min(1, required)
      .max(max, tooLong),
  )

const name = text(M.name, MARKET_NAME_MAX, M.nameTooLong)

/** Add a market (/all/markets): its name and the short name product lists show. */
export const MarketSchema = z.object({
  name,
  shortName: text(M.shortName, MARKET_SHORT_NAME_MAX, M.shortNameTooLong),
})

export type MarketInput = z.infer<typeof MarketSchema>

/** Rename a market: only its name; products and orders refer to it by id. */
export const MarketRenameSchema = z.object({ name })

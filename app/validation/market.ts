import { z } from 'zod'
import { MARKET_MESSAGES as M, MARKET_NAME_MAX, MARKET_SHORT_NAME_MAX } from './market.checks'
import { requiredText } from './text'

const name = requiredText(M.name, MARKET_NAME_MAX, M.nameTooLong)

/** Add a market (/all/markets): its name and the short name product lists show. */
export const MarketSchema = z.object({
  name,
  shortName: requiredText(M.shortName, MARKET_SHORT_NAME_MAX, M.shortNameTooLong),
})

export type MarketInput = z.infer<typeof MarketSchema>

/** Rename a market: only its name; products and orders refer to it by id. */
export const MarketRenameSchema = z.object({ name })

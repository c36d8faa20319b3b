import { useLocation, useNavigation } from '@remix-run/react'

/**
 * The texts of every list (spec section 2). The spec spells the empty text three ways, one per
 * screen it read; every list and table says it one way, the spelling of the spec's admin lists
 * (decision 097).
 */
export const LIST_TEXT = { loading: 'Loading....', empty: 'No data in the table' } as const

/** The admin lists' and the Orders screen's spelling of the loading text (spec section 2). */
export const ADMIN_LOADING_TEXT = 'Loading...'

/**
 * True while a client-side navigation to another view of this same list is loading (not while
 * the same view reloads after a row's action).
 */
export function useListLoading() {
  const navigation = useNavigation()
  const location = useLocation()
  return (
    navigation.state === 'loading' &&
    navigation.location?.pathname === location.pathname &&
    navigation.location.search !== location.search
  )
}

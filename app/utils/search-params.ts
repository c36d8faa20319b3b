/** A positive whole number from the query string, or undefined when absent or not a number. */
export function intParam(params: URLSearchParams, name: string) {
  const value = params.get(name)?.trim()
  if (!value || !/^\d{1,15}$/.test(value)) return undefined
  const n = Number(value)
  return n > 0 ? n : undefined
}

/** The product list filters of the Products, Disabled Products and Buyer Link screens. */
export function productFiltersFrom(params: URLSearchParams) {
  return {
    chineseSeller: intParam(params, 'chineseSeller'),
    market: intParam(params, 'market'),
    categoryId: intParam(params, 'categoryId'),
    searchByKey: params.get('searchByKey')?.trim() || undefined,
    productId: intParam(params, 'productId'),
    page: intParam(params, 'page'),
  }
}

/** The reserved-list filters: market, product id (searchByID or productId), manager. */
export function reservationFiltersFrom(params: URLSearchParams) {
  return {
    market: intParam(params, 'market'),
    productId: intParam(params, 'searchByID') ?? intParam(params, 'productId'),
    sellerName: intParam(params, 'sellerName'),
    page: intParam(params, 'page'),
  }
}

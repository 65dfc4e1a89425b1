/** A page as the API asks for it: `page` from 1, `limit` rows. */
export type PageRequest = { page: number; limit: number };

/** The rows a page covers, as a query takes them. */
export function pageSlice({ page, limit }: PageRequest): { offset: number; limit: number } {
  return { offset: (page - 1) * limit, limit };
}

/** The spank bank's query keys: the total, the Shop, the statement and what is owed. */
export const spankBankKeys = {
  all: ["spank-bank"] as const,
  spankTotal: () => [...spankBankKeys.all, "spank-total"] as const,
  /** Every page of the Shop and of Manage Products, for a refresh. */
  products: () => [...spankBankKeys.all, "products"] as const,
  /** A page of the Shop ("shop") or of a seller's own listings (their username). */
  productPage: (view: string, page: number) => [...spankBankKeys.products(), view, page] as const,
  owed: () => [...spankBankKeys.all, "owed"] as const,
  /** Favours bought or sold that expired unused lately: a line in Redeemed and Owed, a toast once. */
  expired: () => [...spankBankKeys.all, "expired"] as const,
  /** Every page of the statement, for a refresh. */
  transactions: () => [...spankBankKeys.all, "transactions"] as const,
  transactionsPage: (page: number) => [...spankBankKeys.transactions(), page] as const,
};

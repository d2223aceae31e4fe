/** Logs a failed read to the console (SPEC section 8: "It is also logged") and passes the failure on. */
export async function loggedFailure<T>(what: string, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    console.error(`${what}:`, error);
    throw error;
  }
}

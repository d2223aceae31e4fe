import type { LoginBody } from "@spankbank/shared/contract/auth";
import { api } from "@/lib/api";

/** Checks the password on the server; success sets the session cookie. */
export function postLogin(body: LoginBody) {
  // Imported beside the request: the contract (and zod) stay out of the first load.
  const contract = import("@spankbank/shared/contract/auth").then((auth) => auth.loginReply);
  return api.post("/api/auth/login", body, contract);
}

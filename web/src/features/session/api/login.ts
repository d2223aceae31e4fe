import type { LoginBody } from "@spankbank/shared/contract/auth";
import { api } from "@/lib/api";

/** Checks the password on the server; success sets the session cookie. */
export function postLogin(body: LoginBody) {
  return api.post("/api/auth/login", body, () => import("@spankbank/shared/contract/auth").then((c) => c.loginReply));
}

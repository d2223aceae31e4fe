import { api } from "@/lib/api";

/** Deletes the session on the server and clears its cookie (204). */
export async function postLogout(): Promise<void> {
  await api.post("/api/auth/logout", {});
}

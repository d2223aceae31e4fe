import { api } from "@/lib/api";

/** Ends every session of the signed-in partner, on every device, and clears this one's cookie (204). */
export async function postLogoutEverywhere(): Promise<void> {
  await api.post("/api/auth/logout-everywhere", {});
}

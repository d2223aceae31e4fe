import { HttpResponse, http } from "msw";

/** The couple's archive as the drawer's "Download our data" link fetches it (docs/export.md). */
export const exportHandlers = [
  http.get("/api/export", () =>
    HttpResponse.json(
      { format: "spankbank-export", formatVersion: 1 },
      { headers: { "content-disposition": 'attachment; filename="spankbank-export-2026-11-23.json"' } },
    ),
  ),
];

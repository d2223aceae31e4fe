import { HttpResponse, http } from "msw";

/** The couple's archive as the drawer's "Download our data" link fetches it (docs/export.md): a zip's first bytes. */
export const exportHandlers = [
  http.get(
    "/api/export",
    () =>
      new HttpResponse(new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]), {
        headers: {
          "content-type": "application/zip",
          "content-disposition": 'attachment; filename="spankbank-export-2026-11-23.zip"',
        },
      }),
  ),
];

import { HttpResponse, http } from "msw";

/** An empty zip (its end-of-directory record alone), as the download starts. */
const emptyZip = () =>
  new HttpResponse(new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": 'attachment; filename="spankbank-export-2026-11-23.zip"',
    },
  });

/** The couple's archive as the drawer's "Download our data" link fetches it (docs/export.md). */
export const exportHandlers = [http.get("/api/export", emptyZip)];

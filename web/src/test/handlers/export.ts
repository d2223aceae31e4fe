import { HttpResponse, http } from "msw";

/** An empty zip (its end-of-directory record alone), as the download starts. */
const emptyZip = () =>
  new HttpResponse(new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": 'attachment; filename="spankbank-export-2026-11-23.zip"',
    },
  });

/** About how large the archive is, as the server would say it; a test sets it to a big one. */
const state = { aboutBytes: 2_400_000 };

export function setExportSize(aboutBytes: number): void {
  state.aboutBytes = aboutBytes;
}

export function resetExportSize(): void {
  state.aboutBytes = 2_400_000;
}

/** The couple's archive as the drawer's "Download our data" link fetches it (docs/export.md), and its size. */
export const exportHandlers = [
  http.get("/api/export", emptyZip),
  http.get("/api/export/size", () => HttpResponse.json({ about_bytes: state.aboutBytes })),
];

import { DOWNLOAD_SIZE_SAID_FROM_BYTES } from "@spankbank/shared/limits";
import { useExportSize } from "./api/getExportSize";

const megabytes = new Intl.NumberFormat("en", { style: "unit", unit: "megabyte", maximumFractionDigits: 0 });
const gigabytes = new Intl.NumberFormat("en", { style: "unit", unit: "gigabyte", maximumFractionDigits: 1 });

/** "About 120 MB", "About 3.4 GB": in decimal units, as a phone's downloads list shows them. */
export function aboutSize(bytes: number): string {
  return `About ${bytes >= 1e9 ? gigabytes.format(bytes / 1e9) : megabytes.format(bytes / 1e6)}`;
}

/**
 * What to say beside "Download our data" once it is large, asked while `asked` (the menu is open):
 * how large, before a phone starts it on mobile data. Null while the size is asked, or when small.
 */
export function useDownloadSizeWarning(asked: boolean): string | null {
  const bytes = useExportSize(asked).data?.about_bytes;
  if (bytes === undefined || bytes < DOWNLOAD_SIZE_SAID_FROM_BYTES) return null;
  return `${aboutSize(bytes)}: on a phone, best over Wi-Fi.`;
}

import { StartupError } from "@spankbank/shared/runtime";

/** Where the server listens: what a browser's Origin shows when PUBLIC_URL is unset. */
export interface ListenAddress {
  https: boolean;
  host: string;
  port: number;
}

/** Hosts that mean "this machine" (or every interface, which includes it): a browser may name it either way. */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "0.0.0.0", "::"]);
const LOOPBACK_SPELLINGS = ["127.0.0.1", "localhost", "[::1]"];

/**
 * The origins a mutation may come from (the CSRF Origin check): PUBLIC_URL's origin alone, or,
 * with it unset, the listen address; on this machine every loopback spelling of it, since the
 * printed `http://127.0.0.1:3000` and a typed `http://localhost:3000` are the same app.
 */
export function appOrigins(publicUrl: string | undefined, listen: ListenAddress): string[] {
  if (publicUrl !== undefined && publicUrl !== "") {
    try {
      return [new URL(publicUrl).origin];
    } catch {
      throw new StartupError(
        `PUBLIC_URL=${publicUrl} is not a URL. Give the address users open, e.g. https://love.example.`,
      );
    }
  }
  const scheme = listen.https ? "https" : "http";
  const hosts = LOOPBACK_HOSTS.has(listen.host)
    ? LOOPBACK_SPELLINGS
    : [listen.host.includes(":") ? `[${listen.host}]` : listen.host];
  return hosts.map((host) => new URL(`${scheme}://${host}:${listen.port}`).origin);
}

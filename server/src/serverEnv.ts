import { isIP } from "node:net";
import { StartupError } from "@spankbank/shared/runtime";
import { z } from "zod";

/** A host name as DNS spells it; dotted digits are an address, checked as one. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const DOTTED_DIGITS = /^[\d.]+$/;

const onOff = z.enum(["true", "false"], "must be true or false");

/** The server's environment (`.env` included), checked like the couple config: a bad value stops the start. */
const serverEnvSchema = z.object({
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, "must be a port number from 0 to 65535")
    .refine((port) => Number(port) <= 65_535, "must be a port number from 0 to 65535")
    .default("3000"),
  HOST: z
    .string()
    .refine(
      (host) => isIP(host) !== 0 || (HOST_NAME.test(host) && !DOTTED_DIGITS.test(host)),
      "must be an IP address (127.0.0.1, ::1, 0.0.0.0) or a host name",
    )
    .default("127.0.0.1"),
  HTTPS: onOff.default("false"),
  NODE_ENV: z.enum(["production", "development", "test"], "must be production, development or test").optional(),
  LOG_LEVEL: z
    .enum(
      ["fatal", "error", "warn", "info", "debug", "trace", "silent"],
      "must be one of fatal, error, warn, info, debug, trace, silent",
    )
    .default("info"),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be the address users open, e.g. https://love.example" })
    .optional(),
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;

/** The server's settings from the environment; an unusable value stops the start, one line per value. */
export function serverEnvFrom(env: Readonly<Record<string, string | undefined>>): ServerEnv {
  // Set but empty is unset, as a `.env` line `PUBLIC_URL=` means.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = serverEnvSchema.safeParse(given);
  if (parsed.success) return parsed.data;
  throw new StartupError(
    parsed.error.issues
      .map((issue) => {
        const name = String(issue.path[0]);
        return `${name}=${env[name]}: ${issue.message}`;
      })
      .join("\n"),
  );
}

import type { Db } from "@spankbank/db/client";
import type { User } from "@spankbank/db/couple";
import type { CoupleConfig } from "@spankbank/shared/config";

/** What every route needs: the database, the couple, and whether this is the demo. */
export interface AppContext {
  db: Db;
  config: CoupleConfig;
  demo: boolean;
  /** The clock; tests pass a fixed one. */
  now: () => Date;
}

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** The signed-in partner, from the session cookie; null when signed out. */
    user: User | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (login, session, health). */
    public?: boolean;
    /** Takes no body, so a bare POST without a content type is accepted (logout). */
    bodyless?: boolean;
  }
}

import { env } from "@/lib/server/env";
import { sandboxClient } from "./transport";

export type UpstreamConfig = {
  sandbox: boolean;
  /** {api_url}: paths start with /v4. */
  apiUrl: string;
  /** {auth_url}: /oauth/authenticate/ and /oauth/authorize/ live under it. */
  authUrl: string;
  /** Where the browser reaches this app (OAuth redirect URL). */
  appUrl: string;
  clientId: string;
  clientSecret: string;
  userAgent: string;
  timeoutMs: number;
  cacheTtlSeconds: number;
  hourlyLimit: number;
  businessSharePercent: number;
  newBusinessDays: number;
};

/** The upstream: V4_API_URL and friends, or the sandbox served by this app under /sandbox. */
export function upstreamConfig(): UpstreamConfig {
  const settings = env();
  const appUrl = (settings.APP_URL ?? `http://127.0.0.1:${settings.PORT}`).replace(/\/$/, "");
  const sandbox = !settings.V4_API_URL;
  const clientId = settings.V4_CLIENT_ID ?? sandboxClient.id;
  return {
    sandbox,
    apiUrl: (settings.V4_API_URL ?? `${appUrl}/sandbox`).replace(/\/$/, ""),
    authUrl: (settings.V4_AUTH_URL ?? settings.V4_API_URL ?? `${appUrl}/sandbox`).replace(/\/$/, ""),
    appUrl,
    clientId,
    clientSecret: settings.V4_CLIENT_SECRET ?? sandboxClient.secret,
    // The platform refuses standard browser or library agents: name the app and its client id.
    userAgent: `Taproom/0.1 (venue management; ${clientId})`,
    timeoutMs: settings.V4_TIMEOUT_MS,
    cacheTtlSeconds: settings.V4_CACHE_TTL_SECONDS,
    hourlyLimit: settings.V4_HOURLY_LIMIT,
    businessSharePercent: settings.V4_BUSINESS_SHARE_PERCENT,
    newBusinessDays: settings.V4_NEW_BUSINESS_DAYS,
  };
}

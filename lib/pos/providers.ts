import { invalid } from "@/lib/server/errors";
import type { PosProvider } from "./provider";
import { square } from "./square/provider";
import { toast } from "./toast/provider";

// The providers, by name: the one list a new provider joins (pos.md §1).
const PROVIDERS: Record<string, PosProvider> = { square, toast };

export const PROVIDER_NAMES = ["square", "toast"] as const;

export function providerNamed(name: string, path = "provider"): PosProvider {
  const found = PROVIDERS[name];
  if (!found) throw invalid([{ path, message: `${name} is not available on this server; ${Object.keys(PROVIDERS).join(", ")} are` }]);
  return found;
}

export const knownProvider = (name: string): PosProvider | null => PROVIDERS[name] ?? null;

/** Every provider (the sandboxes' subscriptions at start-up). */
export const allProviders = (): PosProvider[] => Object.values(PROVIDERS);

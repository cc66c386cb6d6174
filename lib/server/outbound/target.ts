import { BlockList, isIP } from "node:net";

// Where the app may call out to (a webhook's target, live-menus §4; an import's source, venue-operations
// §6): https to a public address. Plain http, and any address that is loopback, private, link-local,
// shared, reserved, multicast or otherwise not the public internet, are refused unless
// WEBHOOK_ALLOW_PRIVATE (tests, local development). The URL is checked when it is saved or asked for
// (its scheme, and its host when that is an address or an internal name) and every address its name
// resolves to is checked again at each request (./request.ts).

const internal = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // shared address space (carrier-grade NAT)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata services live here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
] as const) {
  internal.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 96], // unspecified, loopback and the deprecated IPv4-compatible addresses
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (Teredo, ORCHID…)
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  internal.addSubnet(network, prefix, "ipv6");
}

/** The IPv4 address an IPv6 address carries (IPv4-mapped, NAT64, 6to4), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = lower.match(/^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) return dotted[1]!;
  const hex = lower.match(/^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (hex) {
    const high = Number.parseInt(hex[1]!, 16);
    const low = Number.parseInt(hex[2]!, 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  const sixToFour = lower.match(/^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/);
  if (sixToFour) {
    const high = Number.parseInt(sixToFour[1]!, 16);
    const low = Number.parseInt(sixToFour[2]!, 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return null;
}

/** True for any address that is not a public unicast address of the internet (IPv4 or IPv6). */
export function isInternalAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return internal.check(bare, "ipv4");
  if (family !== 6) return true; // not an address at all: never trusted
  const carried = embeddedIpv4(bare);
  if (carried && internal.check(carried, "ipv4")) return true;
  return internal.check(bare, "ipv6");
}

/** Names that only ever mean this machine or its own network. */
const internalName = (host: string) =>
  host === "localhost" || /\.(localhost|local|internal|intranet|lan|home\.arpa)$/.test(host) || !host.includes(".");

/**
 * Why `url` may not be called, or null when it may. With `allowPrivate`, http and internal
 * addresses are fine; a URL must still be http(s) and carry no user name or password.
 */
export function targetProblem(url: string, allowPrivate: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "must be a URL such as https://example.com/hooks/taproom";
  }
  if (parsed.protocol !== "https:" && !(allowPrivate && parsed.protocol === "http:")) return "must be an https URL";
  if (parsed.username || parsed.password) return "must not carry a user name or password";
  const host = parsed.hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
  if (allowPrivate) return null;
  if (isIP(host) ? isInternalAddress(host) : internalName(host)) {
    return "must be a public address: loopback, private, link-local and other internal addresses are refused";
  }
  return null;
}

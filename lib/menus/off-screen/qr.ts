import QRCode from "qrcode";
import type { Db } from "@/lib/db/client";
import type { Scope } from "@/lib/server/scope";
import { publicAppUrl } from "@/lib/server/env";
import { keptLocation } from "@/lib/locations/reads";

/** The phone menu's address (GET /m/:locationId), as printed in its QR code. */
export const phoneMenuUrl = (locationId: number) => `${publicAppUrl()}/m/${locationId}`;

/**
 * GET /locations/:id/qr.svg: the phone menu's address as a QR code (the `qrcode` package; error
 * correction M, a four-module quiet zone), black on white, to print on table tents. 404 when not the caller's.
 */
export async function phoneMenuQr(db: Db, scope: Scope): Promise<{ svg: string; fileName: string; url: string }> {
  const location = await keptLocation(db, scope);
  const url = phoneMenuUrl(location.id);
  const svg = await QRCode.toString(url, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 4,
    color: { dark: "#000000", light: "#ffffff" },
  });
  const slug =
    location.name
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase() || "location";
  return { svg, fileName: `${slug}-menu-qr.svg`, url };
}

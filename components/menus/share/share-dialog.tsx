"use client";

import Link from "next/link";
import { useRef, useState } from "react";
import { useCopy } from "@/components/account/use-copy";
import { Dialog } from "@/components/ui/dialog";
import { apiFetch, problemMessage } from "@/lib/client/api";
import styles from "./menu-share.module.css";

/**
 * Share (venue-operations §9): the phone menu's address and its QR code to print, and the one-line
 * snippet that shows this menu on the venue's own site (only from the origins in the location's settings).
 */
export function ShareDialog({
  open,
  onClose,
  menuId,
  menuName,
  published,
  locationId,
  embedOrigins,
}: {
  open: boolean;
  onClose: () => void;
  menuId: number;
  menuName: string;
  published: boolean;
  locationId: number;
  embedOrigins: string[];
}) {
  const { copy, messageFor } = useCopy();
  const linkRef = useRef<HTMLElement>(null);
  const snippetRef = useRef<HTMLElement>(null);
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const phoneUrl = `${origin}/m/${locationId}`;
  const snippet = `<script src="${origin}/embed.js" data-menu="${menuId}" async></script>`;
  const qr = `/api/v1/locations/${locationId}/qr.svg`;
  const googleMenu = `/api/v1/locations/${locationId}/google_menu.json`;
  const googleRef = useRef<HTMLElement>(null);
  const [googleFailure, setGoogleFailure] = useState<string | null>(null);
  async function copyGoogleMenu() {
    setGoogleFailure(null);
    try {
      const body = await apiFetch<unknown>(googleMenu);
      copy("google", JSON.stringify(body, null, 2), googleRef.current);
    } catch (error) {
      setGoogleFailure(problemMessage(error));
    }
  }
  return (
    <Dialog open={open} onClose={onClose} title={`Share ${menuName}`} wide>
      <div className={styles.body}>
        <section className={styles.part} aria-labelledby="share-phone">
          <h3 id="share-phone" className={styles.heading}>
            Phone menu
          </h3>
          <p className={styles.muted}>Every published menu of this location, for guests’ phones: no app, no sign-in.</p>
          <div className={styles.qrRow}>
            {/* biome-ignore lint/performance/noImgElement: an SVG the API draws; nothing for next/image to optimise */}
            <img className={styles.qr} src={qr} alt={`QR code for ${phoneUrl}`} width={148} height={148} />
            <div className={styles.part}>
              <code ref={linkRef} className={styles.code}>
                {phoneUrl}
              </code>
              <div className={styles.actions}>
                <button type="button" className="btn btn--small" onClick={() => copy("link", phoneUrl, linkRef.current)}>
                  Copy link
                </button>
                <a className="btn btn--small" href={qr} download={`menu-qr-${locationId}.svg`}>
                  Download QR code
                </a>
                <a className="btn btn--small" href={`/m/${locationId}`} target="_blank" rel="noopener">
                  Open<span className="visually-hidden"> the phone menu (opens in a new tab)</span>
                </a>
              </div>
              <p className={styles.live} aria-live="polite">
                {messageFor("link")}
              </p>
            </div>
          </div>
        </section>
        <section className={styles.part} aria-labelledby="share-embed">
          <h3 id="share-embed" className={styles.heading}>
            On your website
          </h3>
          {!published && <p className={styles.warn}>This menu is a draft: publish it first, or the snippet shows nothing.</p>}
          <p className={styles.muted}>
            Paste this line where the menu should appear. It sizes itself to the menu; colours follow <code>data-bg</code>,{" "}
            <code>data-fg</code>, <code>data-accent</code> (hex) and <code>data-font</code> (system, serif, mono).
          </p>
          <code ref={snippetRef} className={styles.code}>
            {snippet}
          </code>
          <div className={styles.actions}>
            <button type="button" className="btn btn--small" onClick={() => copy("snippet", snippet, snippetRef.current)}>
              Copy snippet
            </button>
            <span className={styles.live} aria-live="polite">
              {messageFor("snippet")}
            </span>
          </div>
          <p className={styles.muted}>
            {embedOrigins.length > 0 ? `Shown only on pages of ${embedOrigins.join(", ")}. ` : "No site may show it yet: add yours in "}
            {embedOrigins.length > 0 ? "Change this in " : null}
            <Link href={`/locations?edit=${locationId}`}>the location’s settings</Link> (Sites that may show your menus).
          </p>
        </section>
        <section className={styles.part} aria-labelledby="share-search">
          <h3 id="share-search" className={styles.heading}>
            Search listings
          </h3>
          <p className={styles.muted}>
            The phone menu already tells search engines its menu (schema.org). For your Google Business Profile, this location’s published
            menus in the shape its food-menu API takes:
          </p>
          <div className={styles.actions}>
            <button type="button" className="btn btn--small" onClick={copyGoogleMenu}>
              Copy Google menu JSON
            </button>
            <a className="btn btn--small" href={googleMenu} download={`google-menu-${locationId}.json`}>
              Download Google menu JSON
            </a>
            <span ref={googleRef} className={styles.live} aria-live="polite">
              {googleFailure ?? messageFor("google")}
            </span>
          </div>
        </section>
      </div>
    </Dialog>
  );
}

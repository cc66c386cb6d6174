"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { isDark } from "@/lib/boards/status";
import { boardQueries } from "@/lib/client/queries/boards";
import styles from "./dark-boards-banner.module.css";

// The dashboard's banner while a board of the location is dark (offline while the venue is open,
// venue-operations §10), on every page but the Boards page itself, which shows it on the board's card.

/** The shell reads the location's boards every 30 s for this; the Boards page reads them every 10 s. */
const BANNER_REFRESH_MS = 30_000;

export function DarkBoardsBanner({ locationId, onBoardsPage }: { locationId: number; onBoardsPage: boolean }) {
  const query = useQuery({ ...boardQueries.list(locationId, BANNER_REFRESH_MS), retry: false });
  const dark = (query.data ?? []).filter((board) => isDark(board.status));
  if (dark.length === 0 || onBoardsPage) return null;
  const names = dark.map((board) => board.name);
  const named = names.length <= 2 ? names.join(" and ") : `${names.slice(0, 2).join(", ")} and ${names.length - 2} more`;
  return (
    <div role="status" className={styles.banner}>
      <span>
        <strong>{dark.length === 1 ? "A board is dark:" : `${dark.length} boards are dark:`}</strong> {named}{" "}
        {dark.length === 1 ? "has" : "have"} not been heard from while the venue is open.
      </span>
      <Link href={`/locations/${locationId}/boards`} className={styles.link}>
        Open Boards
      </Link>
    </div>
  );
}

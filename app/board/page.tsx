import type { Metadata, Viewport } from "next";
import { BoardDevice } from "@/components/board-device/board-device";

export const metadata: Metadata = {
  title: "Taproom board",
  description: "A TV board: pair it with the code it shows, then it shows its menu.",
  robots: { index: false, follow: false },
};

export const viewport: Viewport = { themeColor: "#14110e" };

// GET /board — the TV's page for the board fleet (venue-operations §10, decision 067): the same static
// shell for every TV (what it shows depends on its own cookie and storage), so the service worker
// (public/board-sw.js) keeps it for a restart without a network.
export default function BoardPage() {
  return <BoardDevice />;
}

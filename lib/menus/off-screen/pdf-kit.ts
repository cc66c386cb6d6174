import path from "node:path";
import type { Paper } from "@/lib/menus/schemas/off-screen";

// What Taproom's PDFs share (the printed menu, lib/menus/off-screen/pdf.ts; a distributor's order sheet,
// lib/taps/reorder/order-sheet.ts): the papers, the ink, the Inter font files, and the bytes collected.

export const SIZES: Record<Paper, [number, number]> = { letter: [612, 792], a4: [595.28, 841.89] };
export const MARGIN = 48;
export const INK = "#111111";
export const MUTED = "#555555";
export const RULE = "#bbbbbb";

const fontFile = (weight: string) => path.join(process.cwd(), "node_modules", "@expo-google-fonts", "inter", weight, `Inter_${weight}.ttf`);
export const REGULAR = fontFile("400Regular");
export const BOLD = fontFile("700Bold");

/** Collects a new document's bytes from its first page on; the answer ends the document and resolves with them. */
export function collectPdf(doc: PDFKit.PDFDocument): () => Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  return async () => {
    doc.end();
    await done;
    return Buffer.concat(chunks);
  };
}

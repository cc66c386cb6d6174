import { parentPort } from "node:worker_threads";
import { renderMenuPdf } from "./pdf.js";

// The printed menu's drawing thread (print-pool.ts starts it): pdfkit lays out and writes a long menu
// synchronously, seconds of work that would otherwise stop every other request of the instance.
// Imports nothing but pdf.ts (types apart), so `npm run build:server` compiles it with no path aliases.

export type PdfJob = { id: number; menu: Parameters<typeof renderMenuPdf>[0]; options: Parameters<typeof renderMenuPdf>[1] };
export type PdfDone = { id: number; pdf: Uint8Array } | { id: number; error: string };

parentPort?.on("message", async ({ id, menu, options }: PdfJob) => {
  try {
    const drawn = await renderMenuPdf(menu, options);
    // A copy of its own: Buffer.concat may answer a slice of a shared pool, which cannot be transferred.
    const pdf = new Uint8Array(drawn);
    parentPort!.postMessage({ id, pdf } satisfies PdfDone, [pdf.buffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies PdfDone);
  }
});

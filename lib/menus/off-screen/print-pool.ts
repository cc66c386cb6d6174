import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { env } from "@/lib/server/env";
import { ApiError } from "@/lib/server/errors";
import { errorFields, log } from "@/lib/server/log";
import type { PrintableMenu } from "./pdf";
import type { PdfDone, PdfJob } from "./pdf-worker";
import type { Layout, Paper } from "@/lib/menus/schemas/off-screen";

// Printed menus are drawn off the event loop (decision 077): one worker thread per instance draws them
// one at a time, a few more wait in line, and one more past that is told to come back (429, Retry-After)
// instead of queueing without end. A drawn PDF is kept by what it was drawn from (printKey in
// print.ts), so the same menu asked twice is drawn once.

/** PDFs waiting for the drawing thread besides the one it draws. */
export const PRINT_QUEUE = 4;
export const PRINT_RETRY_AFTER_SECONDS = 10;
/** Drawn PDFs kept per instance, and their bytes together at most. */
const KEPT = 32;
const KEPT_BYTES = 32 * 1024 * 1024;

type Waiting = { job: PdfJob; resolve: (pdf: Buffer) => void; reject: (error: Error) => void };

let worker: Worker | null = null;
let busy: Waiting | null = null;
const line: Waiting[] = [];
let nextId = 1;
/** How many PDFs this instance has drawn: what the tests count "asked twice, drawn once" by. */
export const printStats = { drawn: 0 };

/**
 * The compiled worker in production (`npm run build:server` writes it to .server/); elsewhere the
 * TypeScript source, through tsx's loader, as the tests and `next dev` run the rest of the code. Both
 * start as a one-line module loader (`eval`), so the worker's file is found at run time: it is not part
 * of the Next.js build, which would otherwise try to bundle a file that only exists after it.
 */
function startWorker(): Worker {
  const compiled = path.join(process.cwd(), ".server", "lib", "menus", "off-screen", "pdf-worker.js");
  const source = path.join(process.cwd(), "lib", "menus", "off-screen", "pdf-worker.ts");
  const bootstrap =
    env().NODE_ENV === "production" && existsSync(compiled)
      ? `import(${JSON.stringify(pathToFileURL(compiled).href)});`
      : `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(pathToFileURL(source).href)}); });`;
  const started = new Worker(bootstrap, { eval: true });
  started.on("message", (done: PdfDone) => {
    const current = busy;
    if (!current || current.job.id !== done.id) return;
    busy = null;
    if ("error" in done) current.reject(new Error(`the printed menu could not be drawn: ${done.error}`));
    else {
      printStats.drawn += 1;
      current.resolve(Buffer.from(done.pdf.buffer, done.pdf.byteOffset, done.pdf.byteLength));
    }
    next();
  });
  const lost = (error: Error) => {
    log().error({ ...errorFields(error) }, "The print worker stopped; the next print starts another");
    worker = null;
    const current = busy;
    busy = null;
    current?.reject(error);
    next();
  };
  started.on("error", lost);
  started.on("exit", (code) => {
    if (worker === started) lost(new Error(`the print worker exited with code ${code}`));
  });
  return started;
}

function next() {
  if (busy) return;
  const waiting = line.shift();
  if (!waiting) {
    worker?.unref();
    return;
  }
  busy = waiting;
  worker ??= startWorker();
  // Held while it draws (a script awaiting a PDF must not end first), let go when idle.
  worker.ref();
  worker.postMessage(waiting.job);
}

/** Draws `menu` on the worker thread; 429 with Retry-After when PRINT_QUEUE PDFs already wait. */
function draw(menu: PrintableMenu, options: { paper: Paper; layout: Layout }): Promise<Buffer> {
  if (line.length >= PRINT_QUEUE) {
    throw new ApiError("rate_limited", `Too many menus are being printed right now. Try again in ${PRINT_RETRY_AFTER_SECONDS} seconds.`, {
      headers: { "retry-after": String(PRINT_RETRY_AFTER_SECONDS) },
    });
  }
  return new Promise<Buffer>((resolve, reject) => {
    line.push({ job: { id: nextId++, menu, options }, resolve, reject });
    next();
  });
}

// Drawn and being drawn, by key: a second ask of a PDF being drawn waits for the same one.
const kept = new Map<string, Promise<Buffer>>();
const keptBytes = new Map<string, number>();

function keep(key: string, pdf: Promise<Buffer>) {
  kept.set(key, pdf);
  pdf.then(
    (bytes) => {
      if (kept.get(key) !== pdf) return;
      keptBytes.set(key, bytes.byteLength);
      let total = [...keptBytes.values()].reduce((sum, size) => sum + size, 0);
      // Oldest first (a Map keeps insertion order; a hit moves its key to the end).
      for (const old of kept.keys()) {
        if (kept.size <= KEPT && total <= KEPT_BYTES) break;
        if (old === key) continue;
        total -= keptBytes.get(old) ?? 0;
        kept.delete(old);
        keptBytes.delete(old);
      }
    },
    () => {
      if (kept.get(key) === pdf) kept.delete(key);
    },
  );
}

/** The PDF drawn from `menu` under `key`: the kept one when there is one, else drawn on the worker thread. */
export function printedPdf(key: string, menu: () => PrintableMenu, options: { paper: Paper; layout: Layout }): Promise<Buffer> {
  const hit = kept.get(key);
  if (hit) {
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  const pdf = draw(menu(), options);
  keep(key, pdf);
  return pdf;
}

/** Tests: forget every kept PDF. */
export function forgetPrinted() {
  kept.clear();
  keptBytes.clear();
}

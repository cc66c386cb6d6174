// npm run import -- … : an import from the service venues move from (venue-operations §6) from a shell,
// through the running app's own API (POST /api/v1/locations/:id/imports), so it works the same on the
// embedded database and on PostgreSQL and never opens the database itself. The tokens may come from
// the environment (TAPROOM_TOKEN, SOURCE_TOKEN) so they stay out of the shell's history.
//
//   npm run import -- --app http://127.0.0.1:3000 --email you@venue.test --location 1 \
//     --source-email you@venue.test [--from https://business.untappd.com] [--source-location 7] [--dry-run]
//
// Without --source-location it lists the source's locations. Progress is printed while the source is read.
import { parseArgs } from "node:util";
import { KINDS, type ImportResponse, type PlanResponse } from "@/lib/imports/schemas";

const { values } = parseArgs({
  options: {
    app: { type: "string", default: "http://127.0.0.1:3000" },
    email: { type: "string" },
    token: { type: "string" },
    location: { type: "string" },
    from: { type: "string" },
    "source-email": { type: "string" },
    "source-token": { type: "string" },
    "source-location": { type: "string" },
    "dry-run": { type: "boolean", default: false },
  },
});

function required(name: string, value: string | undefined): string {
  if (value) return value;
  console.error(`--${name} is required (see the head of scripts/import.ts).`);
  process.exit(2);
}

const email = required("email", values.email);
const token = required("token (or TAPROOM_TOKEN)", values.token ?? process.env.TAPROOM_TOKEN);
const locationId = required("location", values.location);
const access = {
  ...(values.from ? { base_url: values.from } : {}),
  email: required("source-email", values["source-email"]),
  token: required("source-token (or SOURCE_TOKEN)", values["source-token"] ?? process.env.SOURCE_TOKEN),
};
const authorization = `Basic ${Buffer.from(`${email}:${token}`).toString("base64")}`;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${values.app}/api/v1/${path}`, {
    method,
    headers: { authorization, accept: "application/json", ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const parsed = (await answer.json()) as T & { detail?: string; errors?: { path: string; message: string }[] };
  if (!answer.ok) {
    const fields = (parsed.errors ?? []).map((error) => `\n  ${error.path}: ${error.message}`).join("");
    throw new Error(`${answer.status}: ${parsed.detail ?? "failed"}${fields}`);
  }
  return parsed;
}

function printPlan(plan: Pick<PlanResponse, "counts" | "conflicts" | "removals">) {
  console.log(`${"".padEnd(12)}${["new", "changed", "removed", "same"].map((head) => head.padStart(9)).join("")}`);
  for (const kind of KINDS) {
    const tally = plan.counts[kind];
    console.log(
      `${kind.padEnd(12)}${[tally.create, tally.update, tally.remove, tally.unchanged].map((n) => String(n).padStart(9)).join("")}`,
    );
  }
  for (const conflict of plan.conflicts) console.log(`note: ${conflict.message}`);
  for (const removal of plan.removals) console.log(`removed: ${removal.type} ${removal.name}`);
}

async function main() {
  if (!values["source-location"]) {
    const { locations } = await call<{ locations: { id: number; name: string; city: string | null }[] }>(
      "POST",
      `locations/${locationId}/imports/source_locations`,
      access,
    );
    for (const location of locations)
      console.log(`${String(location.id).padStart(8)}  ${location.name}${location.city ? ` (${location.city})` : ""}`);
    console.log("Pass one of these ids as --source-location.");
    return;
  }
  const started = Date.now();
  let shown = "";
  const poll = setInterval(async () => {
    const { imports } = await call<{ imports: ImportResponse[] }>("GET", `locations/${locationId}/imports`).catch(() => ({ imports: [] }));
    const running = imports.find((entry) => entry.status === "running");
    const line = running ? `reading the source: ${running.progress.done}/${running.progress.total}` : "";
    if (line && line !== shown) {
      shown = line;
      console.log(line);
    }
  }, 500);
  try {
    const answer = await call<{ plan?: PlanResponse; import?: ImportResponse & PlanResponse }>("POST", `locations/${locationId}/imports`, {
      ...access,
      source_location_id: Number(values["source-location"]),
      dry_run: values["dry-run"],
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (answer.plan) {
      console.log(`Dry run (${seconds} s), nothing written. The plan:`);
      printPlan(answer.plan);
    } else if (answer.import) {
      console.log(`Imported in ${seconds} s (import ${answer.import.id}):`);
      printPlan(answer.import);
    }
  } finally {
    clearInterval(poll);
  }
}

main().catch((error: Error) => {
  console.error(`Import failed: ${error.message}`);
  process.exit(1);
});

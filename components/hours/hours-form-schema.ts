import { z } from "zod";
import { wallClock } from "@/lib/hours/schemas";
import { WEEKDAYS } from "@/lib/shared/weekdays";

// The weekly editor's schema (hours-form.ts has the rest): loaded apart from the page, which draws the
// form first (decision 068). Times are checked with the API's own `wallClock`.

export const HOUR_MODES = ["open", "closed", "always_open"] as const;

const hourRow = z
  .object({
    id: z.number(),
    day: z.enum(WEEKDAYS),
    mode: z.enum(HOUR_MODES),
    open_at: z.string(),
    close_at: z.string(),
  })
  .superRefine((row, ctx) => {
    if (row.mode !== "open") return;
    // The API would take an open day without times; the editor asks for both so "open" means something.
    for (const field of ["open_at", "close_at"] as const) {
      const parsed = wallClock.safeParse(row[field]);
      if (row[field] === "") ctx.addIssue({ code: "custom", path: [field], message: "is required" });
      else if (!parsed.success) ctx.addIssue({ code: "custom", path: [field], message: parsed.error.issues[0]!.message });
    }
    // The API's rule (lib/hours/hours.ts), said before sending.
    if (row.open_at !== "" && row.open_at === row.close_at) {
      ctx.addIssue({ code: "custom", path: ["close_at"], message: "equals the opening time; choose Open 24 hours instead" });
    }
  });

export const hoursForm = z.object({ rows: z.array(hourRow).length(WEEKDAYS.length) });

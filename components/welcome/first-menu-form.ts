import { z } from "zod";
import { requiredText } from "@/lib/shared/schemas";
import { MENU_TEMPLATES } from "./menu-templates";

/** Step 2's form: a template and the menu's name (loaded apart from the page: decision 068). */
export const firstMenuForm = z.object({
  template: z.enum(MENU_TEMPLATES.map((t) => t.id) as [string, ...string[]], { error: "Choose how the menu starts." }),
  name: requiredText(255),
});
